// Builds the store when the build is missing or older than the sources (npm start, and the
// catalogue commands, which run the server code from the SSR build: no Vite in their process).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

export const root = path.resolve(import.meta.dirname, "..");
const serverEntry = path.join(root, "build/server/index.js");
const sources = ["app", "server", "domain", "vite.config.ts", "react-router.config.ts", "package.json"];

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

/** Builds if needed (exits on a failed build) and returns the server build's module. */
export async function importServerBuild() {
  const builtAt = existsSync(serverEntry) ? statSync(serverEntry).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((source) => newestChange(path.join(root, source))));
  if (changedAt > builtAt) {
    console.log(builtAt ? "Sources changed since the last build; building..." : "No build yet; building...");
    // A production build whatever NODE_ENV a calling tool left behind (development would put
    // React's development build in the browser bundle).
    const result = spawnSync("npx", ["react-router", "build"], {
      cwd: root,
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  return import(pathToFileURL(serverEntry).href);
}
