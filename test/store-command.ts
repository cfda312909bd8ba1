// The store's commands run as `npm start`, `npm run backup` ... run them: a child Node process in
// the repository, its output collected, its exit awaited.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { waitUntilAnswering } from "../scripts/local-server.js";

const root = path.resolve(import.meta.dirname, "..");

export interface Started {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output: () => string;
  exited: Promise<number | null>;
  /** Once its output has all been read (after its exit). */
  closed: Promise<void>;
}

/** Runs `node <script> ...args` with only PATH, HOST=127.0.0.1 and LOG_LEVEL=info besides `env`. */
export function startScript(script: string, args: string[], env: Record<string, string>): Started {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const closed = new Promise<void>((resolve) => child.on("close", () => resolve()));
  return { child, output: () => output, exited, closed };
}

/** The store as `npm start` starts it, in one process unless `env` asks for more. */
export const startServer = (env: Record<string, string>) =>
  startScript("scripts/start.js", [], { WEB_CONCURRENCY: "1", ...env });

// A fresh store migrates and seeds 3,000 parts before it answers: seconds alone, longer on two cores
// busy with other suites. The wait is a ceiling for a store that never comes up, not a budget.
export async function waitForHealth(base: string, server: Started, timeoutMs = 90_000) {
  await waitUntilAnswering(`${base}/healthz`, { timeoutMs, child: server.child }).catch(async (error: Error) => {
    // A store that exited has said why by the time its output ends.
    if (server.child.exitCode !== null) await server.closed;
    throw new Error(`${error.message}\n${server.output()}`);
  });
}
