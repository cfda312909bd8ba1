import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The SSR build starts from server/app.ts so that the Hono server, the database client and
// every route module share one module graph (one PGlite handle per process).
export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
});
