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
        if (!/\.(js|css|svg|json)$/.test(entry)) continue;
        const file = path.join(dir, entry);
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

// The SSR build starts from server/app.ts so that the Hono server, the database client and
// every route module share one module graph (one PGlite handle per process).
export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompressAssets()],
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
});
