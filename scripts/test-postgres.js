// A throwaway PostgreSQL server for the integration tests: its own folder, a free loopback
// port, no durability (tests need speed, not crash safety). Stopped and deleted afterwards.
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./local-server.js";

function findBinDir() {
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

/** Starts a server; returns { url, stop } or undefined when PostgreSQL is not installed. */
export async function startTestPostgres() {
  const bin = findBinDir();
  if (!bin) return undefined;
  const dir = mkdtempSync(path.join(tmpdir(), "store-test-pg-"));
  // initdb refuses to run as root, so root runs it as the postgres user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, Number(execFileSync("id", ["-u", "postgres"]).toString()), 0);
  const run = (command, args) => {
    const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
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
