// `npm start`: builds when the build is missing or older than the sources, then serves.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

// React and other libraries choose their production builds by NODE_ENV when first loaded; unset,
// they run their development builds (checks and warnings on every render: ~3x slower pages).
process.env.NODE_ENV ??= "production";

const root = path.resolve(import.meta.dirname, "..");
const serverEntry = path.join(root, "build/server/index.js");
const sources = ["app", "server", "vite.config.ts", "react-router.config.ts", "package.json"];

function newestChange(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (/\.test\.tsx?$/.test(entry)) continue; // tests are not part of the build
    newest = Math.max(newest, newestChange(path.join(target, entry)));
  }
  return newest;
}

const builtAt = existsSync(serverEntry) ? statSync(serverEntry).mtimeMs : 0;
const changedAt = Math.max(...sources.map((source) => newestChange(path.join(root, source))));
if (changedAt > builtAt) {
  console.log(builtAt ? "Sources changed since the last build; building..." : "No build yet; building...");
  // A production build whatever NODE_ENV a calling tool left behind (development would put
  // React's development build in the browser bundle).
  const result = spawnSync("npx", ["react-router", "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { start } = await import(pathToFileURL(serverEntry).href);
await start(path.join(root, "build/client"));
