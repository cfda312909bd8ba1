import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/** Writes .br and .gz beside each text asset once, so the server never compresses them per request. */
function precompressAssets(): Plugin {
  return {
    name: "precompress-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle(options) {
      const dir = options.dir ?? "build/client";
      for (const entry of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
        // Vite's own build manifest (under .vite/) names absolute build paths and is not for browsers.
        if (!/\.(js|css|svg|json)$/.test(entry) || entry.startsWith(".vite")) continue;
        const file = path.join(dir, entry);
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * Fails the build when code bound for the browser reaches a module under server/. React Router
 * removes loaders and actions (and what only they import) from route modules first, so this
 * catches what a component, hook or shared helper imports.
 */
function serverCodeStaysOnTheServer(): Plugin {
  const serverDir = path.resolve("server") + path.sep;
  const shown = (file: string) => path.relative(process.cwd(), file);
  return {
    name: "server-code-stays-on-the-server",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      const reached = [...this.getModuleIds()].filter((id) => id.startsWith(serverDir));
      if (reached.length === 0) return;
      const imports = reached.flatMap((id) =>
        (this.getModuleInfo(id)?.importers ?? [])
          .filter((importer) => !importer.startsWith(serverDir))
          .map((importer) => `${shown(importer)} imports ${shown(id)}`),
      );
      this.error(
        `Server code in the browser bundle: ${imports.join("; ") || reached.map(shown).join(", ")}. Browser code may import app/ and domain/ only: move a rule both sides need to domain/, or read it in a loader.`,
      );
    },
  };
}

// The SSR build starts from server/app.ts so that the Hono server, the database client and
// every route module share one module graph (one PGlite handle per process).
/**
 * Libraries the SSR build leaves for Node to load from node_modules: those that read files beside
 * their own code at run time (PGlite's and roaring's WebAssembly, sharp's native addon, pdfkit's
 * fonts, pino's worker thread), those imported only where first used (exceljs, qrcode, the S3
 * client), and PostgreSQL's driver with its COPY streams and tar, left as they were loaded before
 * (CommonJS, a few files each). Every other library is bundled into build/server/index.js, which a
 * start then loads as one file rather than 1,400 (docs/decisions/server-inside-the-ssr-build.md).
 */
const loadedFromNodeModules = [
  "@electric-sql/pglite",
  "roaring-wasm",
  "sharp",
  "pg",
  "pg-copy-streams",
  "pino",
  "pdfkit",
  "exceljs",
  "qrcode",
  "@aws-sdk/client-s3",
  "tar",
];

export default defineConfig(({ command }) => ({
  plugins: [tailwindcss(), reactRouter(), serverCodeStaysOnTheServer(), precompressAssets()],
  resolve: {
    alias: { "@radix-ui/react-use-is-hydrated": path.resolve("app/components/radix-is-hydrated.ts") },
  },
  // Radix's packages are published with `__name(fn, "Name")` calls (names for debugging). Called
  // for their effect, they kept code nobody uses: the whole second implementation of Radix's
  // collection, 2 KB brotli on every page with tabs. Said pure, the calls go, and with them the
  // code only they kept; the functions lose nothing but a name for debuggers.
  build: { rolldownOptions: { treeshake: { manualPureFunctions: ["__name"] } } },
  environments: {
    client: {
      // React, React DOM and React Router go in one chunk, as every page loads all three first:
      // compressed together they are 3 KB smaller than as the four chunks they were split into.
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "react", test: /node_modules\/(react|react-dom|scheduler|react-router)\//, priority: 20 },
              ],
            },
          },
        },
      },
    },
    ssr: {
      // Bundled for the build only: the dev server keeps Node's own loading of each library.
      resolve: command === "build" ? { noExternal: true, external: loadedFromNodeModules } : {},
      build: { rollupOptions: { input: "./server/app.ts" } },
    },
  },
}));
