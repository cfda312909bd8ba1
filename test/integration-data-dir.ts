// The integration run's DATA_DIR: a new folder each run, removed when it ends. One folder shared by
// every run kept every file earlier runs wrote, and a test that reads all the kept files slowed with
// each run (the tax certificates' took 11 s beside 876 kept files, 0.45 s in a new folder).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export default function setup() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "store-vitest-"));
  process.env.DATA_DIR = dataDir;
  return () => rmSync(dataDir, { recursive: true, force: true });
}
