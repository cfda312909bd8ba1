// The files of the client build that browsers may fetch: Vite's hashed assets and what public/
// holds. Files under a name starting with a dot are left out (Vite's build manifest in .vite/,
// which names absolute build paths), and so are the .br and .gz copies, which are sent in their
// file's place to browsers that take them.
import { readdirSync } from "node:fs";
import path from "node:path";

const PRECOMPRESSED = /\.(?:br|gz)$/;

/** The URL paths (`/assets/app-1a2b.js`, `/favicon.svg`) of the files under `clientDir` to serve. */
export function browserFiles(clientDir: string): Set<string> {
  const all = new Set(
    readdirSync(clientDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map(
        (entry) => `/${path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`,
      ),
  );
  const hidden = (file: string) => file.includes("/.");
  const copy = (file: string) => PRECOMPRESSED.test(file) && all.has(file.replace(PRECOMPRESSED, ""));
  return new Set([...all].filter((file) => !hidden(file) && !copy(file)));
}
