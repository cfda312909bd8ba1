// `npm run bench:first-load`: the JavaScript each catalogue page fetches before it is interactive
// (React Router's entry, the root route and the page's route, with every module they import
// statically: what the page preloads), each file brotli-compressed as the server sends it. Issue
// 21's budget is 30 KB above an empty React Router page, which this builds beside the store with
// the same React Router and measures the same way. Prints both and exits 1 when a page is over.
// Measures the production build in build/ (made first when there is none).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants } from "node:zlib";

const root = path.resolve(import.meta.dirname, "..");
const BUDGET_ABOVE_EMPTY = 30 * 1024;
const pages = [
  ["home", "routes/home"],
  ["category", "routes/category"],
  ["product", "routes/product"],
  ["search", "routes/search"],
];

/** React Router's manifest of a client build: each route's module and the modules it imports. */
function readManifest(clientDir) {
  const assets = path.join(clientDir, "assets");
  const file = readdirSync(assets).find((name) => name.startsWith("manifest-"));
  if (!file) throw new Error(`No React Router manifest in ${assets}: is it a client build?`);
  const text = readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
}

/** Bytes of the page's first load, brotli at the quality the build's own .br files use. */
function firstLoadBytes(clientDir, manifest, routeId) {
  const modules = (entry) => [entry.module, ...(entry.imports ?? [])];
  const route = manifest.routes[routeId];
  if (!route) throw new Error(`No route ${routeId} in the build's manifest`);
  const files = new Set([...modules(manifest.entry), ...modules(manifest.routes.root), ...modules(route)]);
  let bytes = 0;
  for (const file of files) {
    const content = readFileSync(path.join(clientDir, file));
    bytes += brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return { bytes, files: files.size };
}

function build(cwd) {
  const result = spawnSync("npx", ["react-router", "build"], { cwd, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`react-router build failed in ${cwd}:\n${result.stdout}${result.stderr}`);
}

/**
 * An empty React Router app (a root with the document and one page saying hello), built with the
 * store's own packages: inside node_modules, so that its imports resolve to them.
 */
function buildEmptyApp() {
  const dir = path.join(root, "node_modules/.cache/store-empty-react-router");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, "app/routes"), { recursive: true });
  const files = {
    "package.json": JSON.stringify({ name: "empty-react-router", private: true, type: "module" }),
    "react-router.config.ts": "export default { ssr: true };\n",
    "vite.config.ts": `import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
export default defineConfig({ plugins: [reactRouter()] });
`,
    "app/routes.ts": `import { index } from "@react-router/dev/routes";
export default [index("routes/home.tsx")];
`,
    "app/root.tsx": `import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head><meta charSet="utf-8" /><Meta /><Links /></head>
      <body>{children}<ScrollRestoration /><Scripts /></body>
    </html>
  );
}
export default function App() {
  return <Outlet />;
}
`,
    "app/routes/home.tsx": "export default function Home() {\n  return <h1>Hello</h1>;\n}\n",
  };
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
  build(dir);
  const clientDir = path.join(dir, "build/client");
  return firstLoadBytes(clientDir, readManifest(clientDir), "routes/home");
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const storeClient = path.join(root, "build/client");
if (!existsSync(storeClient)) build(root);
const manifest = readManifest(storeClient);
const empty = buildEmptyApp();
const budget = empty.bytes + BUDGET_ABOVE_EMPTY;
console.log(`empty React Router page: ${kb(empty.bytes)} in ${empty.files} files; budget ${kb(budget)}`);
let over = 0;
for (const [name, routeId] of pages) {
  const { bytes, files } = firstLoadBytes(storeClient, manifest, routeId);
  const verdict = bytes <= budget ? `met, ${kb(budget - bytes)} under` : `MISSED by ${kb(bytes - budget)}`;
  if (bytes > budget) over += 1;
  console.log(`${name.padEnd(9)} ${kb(bytes).padStart(9)} in ${String(files).padStart(2)} files  ${verdict}`);
}
process.exitCode = over > 0 ? 1 : 0;
