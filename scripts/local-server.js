// Servers that tests and benchmarks start on loopback: a port to give them, and waiting until they answer.
import { createServer } from "node:net";

/** A TCP port on loopback that nothing listens on right now. @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/**
 * Resolves with the milliseconds waited once `url` answers with a 2xx; rejects after `timeoutMs`,
 * or as soon as `child` (the process that should answer) has exited.
 * @param {string} url
 * @param {{ timeoutMs?: number, child?: import("node:child_process").ChildProcess }} [options]
 * @returns {Promise<number>}
 */
export async function waitUntilAnswering(url, { timeoutMs = 120_000, child } = {}) {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (child && child.exitCode !== null) throw new Error(`The server for ${url} exited with code ${child.exitCode}.`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s.`);
}
