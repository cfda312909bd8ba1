// The catalogue import at scale: a generated 100,000-row CSV imported with `npm run
// catalog:import` into an empty PostgreSQL database, timed, with the command's peak memory (the
// whole process, Vite's module runner included), then imported again (nothing changes).
import { spawnSync } from "node:child_process";
import { once } from "node:events";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "../server/db/client";

const root = path.resolve(import.meta.dirname, "..");
export const IMPORT_ROWS = 100_000;

const SUBCATEGORIES = [
  ["abrasives", "grinding-wheels"],
  ["abrasives", "sanding-belts"],
  ["cutting-tools", "hole-saws"],
  ["cutting-tools", "step-bits"],
] as const;

/** A catalogue file as a distributor's would be: every required column, tiers, OEM numbers. */
async function writeCatalogFile(file: string, rows: number) {
  const out = createWriteStream(file);
  const write = async (line: string) => {
    if (!out.write(`${line}\n`)) await once(out, "drain");
  };
  await write("part_number,name,category,subcategory,brand,price,stock_level,description,tiers,status,oem_numbers");
  for (let n = 1; n <= rows; n++) {
    const [category, subcategory] = SUBCATEGORIES[n % SUBCATEGORIES.length] ?? SUBCATEGORIES[0];
    const cents = 500 + ((n * 7919) % 50_000);
    const price = (cents / 100).toFixed(2);
    const tiers = `100:${((cents * 0.9) / 100).toFixed(2)}|500:${((cents * 0.8) / 100).toFixed(2)}`;
    await write(
      `BI-${String(n).padStart(6, "0")},Bench Part ${n} ${subcategory.replace(/-/g, " ")},${category},${subcategory},Bench Brand ${n % 40},${price},${n % 1000},"Bench part ${n}, made for the import benchmark: a description of the length a distributor's catalogue gives, with a comma.",${tiers},active,OEM-${n}|ALT-${n}`,
    );
  }
  out.end();
  await once(out, "finish");
}

/**
 * Runs the import command in its own process; its wall time and peak resident memory. The peak is
 * Linux's VmHWM, this program's own: getrusage's maxRSS survives exec, so a child of the bench
 * reported the bench's own 334 MB after a full run.
 */
function runImport(file: string, databaseUrl: string) {
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    [
      // The heap package.json's catalog:import script gives: the import must fit in it.
      "--max-old-space-size=128",
      "--max-semi-space-size=2",
      "--input-type=module",
      "-e",
      `process.argv.splice(1, 0, "catalog-import");
       await import("./scripts/catalog-import.js");
       const { readFileSync } = await import("node:fs");
       const status = (() => { try { return readFileSync("/proc/self/status", "utf8"); } catch { return ""; } })();
       const peak = /VmHWM:\\s+(\\d+)/.exec(status)?.[1] ?? process.resourceUsage().maxRSS;
       process.stderr.write("peak-rss-kb " + peak + "\\n");`,
      file,
    ],
    { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "silent" }, encoding: "utf8" },
  );
  const seconds = (performance.now() - started) / 1000;
  const peakKb = Number(/peak-rss-kb (\d+)/.exec(result.stderr)?.[1] ?? Number.NaN);
  const summary = result.stdout.trim().split("\n").at(-1) ?? "";
  if (result.status !== 0) throw new Error(`The import failed: ${result.stderr || result.stdout}`);
  return { seconds, peakMb: Math.round(peakKb / 1024), summary };
}

/** Imports IMPORT_ROWS products into a fresh database on the PostgreSQL server at `serverUrl`. */
export async function benchImport(serverUrl: string, rows = IMPORT_ROWS): Promise<string[]> {
  const folder = mkdtempSync(path.join(tmpdir(), "store-bench-import-"));
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const name = `bench_import_${process.pid}`;
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    // Migrated first, so the timing is the import's alone.
    const handle = await openDatabase({ databaseUrl: url.toString() });
    await handle.migrate();
    await handle.close();
    const file = path.join(folder, "catalogue.csv");
    await writeCatalogFile(file, rows);
    const first = runImport(file, url.toString());
    const again = runImport(file, url.toString());
    return [
      `  ${rows.toLocaleString("en-US")}-row CSV into an empty catalogue: ${first.seconds.toFixed(1)}s, peak memory ${first.peakMb} MB   (${first.summary})`,
      `  the same file again:                  ${again.seconds.toFixed(1)}s, peak memory ${again.peakMb} MB   (${again.summary})`,
    ];
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(folder, { recursive: true, force: true });
  }
}
