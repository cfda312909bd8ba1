// `npm run seed -- --products 100000 [--seed 42]`: replaces the catalogue with a generated one
// of that size, on the database the store uses (DATABASE_URL, else the PGlite under DATA_DIR).
import { progressBar } from "../../cli/progress";
import type { Database } from "../../db/client";
import { locationFromEnv, openStoreDatabase } from "../../db/store-location";
import { indexesCaughtUp } from "../index/follow";
import { DEFAULT_CATALOGUE_SIZE, DEFAULT_SEED } from "./generator";
import { writeCatalog } from "./seed";

const USAGE = "Usage: npm run seed -- [--products N] [--seed N]   (N a whole number; products 100 to 1,000,000)";

export function parseSeedArguments(args: string[]): { size: number; seed: number } {
  const options = { size: DEFAULT_CATALOGUE_SIZE, seed: DEFAULT_SEED };
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = (args[i] ?? "").split("=", 2);
    const value = inline ?? args[++i];
    const number = Number(value);
    if (!Number.isSafeInteger(number) || number < 0) throw new Error(`${flag} needs a whole number. ${USAGE}`);
    if (flag === "--products") options.size = number;
    else if (flag === "--seed") options.seed = number;
    else throw new Error(`Unknown option ${flag}. ${USAGE}`);
  }
  if (options.size < 100 || options.size > 1_000_000) throw new Error(`--products must be 100 to 1,000,000. ${USAGE}`);
  return options;
}

// A million parts are built into an index in 65-100 s by each process, two at once on two cores.
const INDEX_WAIT_MS = 5 * 60_000;

async function waitForRunningStores(database: Database) {
  const started = performance.now();
  let waited = false;
  const { processes, caughtUp } = await indexesCaughtUp(database, INDEX_WAIT_MS, (behind) => {
    waited = true;
    console.log(
      `Waiting for ${behind} running store process${behind === 1 ? "" : "es"} to take the new catalogue into ${behind === 1 ? "its" : "their"} search index...`,
    );
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (!caughtUp)
    console.log(
      `The running store had not taken the new catalogue into every process's search index after ${seconds}s; until each has, it answers searches from the database, more slowly.`,
    );
  else if (waited)
    console.log(
      `The running store searches the new catalogue from its index (${processes} process${processes === 1 ? "" : "es"}, ready after ${seconds}s).`,
    );
}

export async function main(args: string[]) {
  try {
    const { size, seed } = parseSeedArguments(args);
    const location = locationFromEnv();
    // The embedded database is one process's: this refuses while a store runs on it.
    const handle = await openStoreDatabase(location);
    try {
      await handle.migrate();
      const started = performance.now();
      const bar = progressBar(process.stdout, started);
      const written = await writeCatalog(handle.db, {
        size,
        seed,
        replace: true,
        onProgress: (n) =>
          bar.update(n / size, `${n.toLocaleString("en-US")} / ${size.toLocaleString("en-US")} products`),
        onIndexing: () => {
          bar.done();
          console.log("Building the catalogue's indexes...");
        },
      });
      bar.done();
      const where = location.databaseUrl ? "PostgreSQL" : `${location.dataDir} (PGlite)`;
      console.log(
        `Wrote ${written.toLocaleString("en-US")} products to ${where} in ${((performance.now() - started) / 1000).toFixed(1)}s.`,
      );
      // A store running on PostgreSQL meanwhile answers searches from SQL until each of its
      // processes has taken the new catalogue into its index: done means searched at full speed.
      if (location.databaseUrl) await waitForRunningStores(handle.db);
    } finally {
      await handle.close();
    }
  } catch (error) {
    process.exitCode = 1;
    console.error(error instanceof Error ? error.message : String(error));
  }
}
