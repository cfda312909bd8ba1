// PGlite belongs to the one process that holds DATA_DIR, so while the store runs only the store
// can read a consistent copy of it. It listens for `npm run backup` on a loopback port of its own
// (never the store's public one), and asks for a random token that it writes, readable by its own
// user only, to DATA_DIR/backup-endpoint.json: whoever may read that file may read the database
// files anyway. (docs/decisions/backups.md) The operator's other commands that write to the
// database while the store runs on it (`npm run punchout`) are run by the store the same way:
// POST /commands/<name> with the arguments as JSON, answered with what the command printed.
import { randomBytes, timingSafeEqual } from "node:crypto";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { createInterface } from "node:readline";
import { Readable } from "node:stream";
import type { Database } from "../db/client";
import { logger } from "../logger";
import { writeFileWhole } from "../write-whole";
import { BackupError } from "./backup-folder";
import { type DumpLine, dumpDatabase } from "./dump";

interface Endpoint {
  pid: number;
  port: number;
  token: string;
}

const endpointFile = (dataDir: string) => path.join(dataDir, "backup-endpoint.json");

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A command the running store runs for the command line: what it printed, and whether it succeeded. */
export type StoreCommand = (args: string[]) => Promise<{ output: string; ok: boolean }>;

async function runCommand(command: StoreCommand, request: import("node:http").IncomingMessage) {
  let body = "";
  for await (const chunk of request) {
    body += chunk;
    if (body.length > 64 * 1024) throw new Error("The command's arguments are too long.");
  }
  const args = JSON.parse(body) as unknown;
  if (!Array.isArray(args) || !args.every((arg) => typeof arg === "string"))
    throw new Error("Send the arguments as a JSON list.");
  return command(args);
}

/** Starts answering backups (and `commands`) on 127.0.0.1; the function returned stops it and removes the file. */
export async function openBackupEndpoint(
  dataDir: string,
  db: Database,
  commands: Record<string, StoreCommand> = {},
): Promise<() => Promise<void>> {
  const token = randomBytes(32).toString("base64url");
  const server = createServer((request, response) => {
    const command = request.url?.startsWith("/commands/")
      ? commands[request.url.slice("/commands/".length)]
      : undefined;
    if (request.method !== "POST" || (request.url !== "/backup" && !command)) return void response.writeHead(404).end();
    if (!sameToken(request.headers.authorization ?? "", `Bearer ${token}`)) return void response.writeHead(403).end();
    if (command) {
      runCommand(command, request).then(
        (result) => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(result)),
        (error) => {
          logger.error({ err: error, url: request.url }, "command for the command line failed");
          response
            .writeHead(500, { "content-type": "application/json" })
            .end(JSON.stringify({ ok: false, output: error instanceof Error ? error.message : String(error) }));
        },
      );
      return;
    }
    response.writeHead(200, { "content-type": "application/x-ndjson" });
    let gone = false;
    response.on("close", () => {
      gone = !response.writableFinished;
    });
    const write = async (line: DumpLine) => {
      // A reader that went away ends the copy (and the transaction that holds the database).
      if (gone) throw new Error("the backup reader disconnected");
      if (!response.write(`${line}\n`))
        await new Promise<void>((resolve) => {
          response.once("drain", resolve);
          response.once("close", resolve);
        });
    };
    dumpDatabase(db, write).then(
      (summary) => {
        response.end();
        logger.info({ tables: Object.keys(summary.tables).length }, "database copied for a backup");
      },
      (error) => {
        logger.error({ err: error }, "backup copy failed");
        response.destroy();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const address = server.address();
  const endpoint: Endpoint = {
    pid: process.pid,
    port: typeof address === "object" && address ? address.port : 0,
    token,
  };
  const file = endpointFile(dataDir);
  writeFileWhole(file, JSON.stringify(endpoint), { mode: 0o600 });
  return async () => {
    await new Promise((resolve) => server.close(resolve));
    if (existsSync(file) && readFileSync(file, "utf8").includes(token)) rmSync(file, { force: true });
  };
}

/** Asks the store running on `dataDir` for its database, line by line, into `write`. */
export async function dumpFromRunningStore(dataDir: string, write: (line: DumpLine) => Promise<void>) {
  const file = endpointFile(dataDir);
  const running = new BackupError(
    `The store is running on ${dataDir} and does not answer backups; stop it and run the backup again.`,
  );
  if (!existsSync(file)) throw running;
  const { port, token } = JSON.parse(readFileSync(file, "utf8")) as Endpoint;
  const response = await fetch(`http://127.0.0.1:${port}/backup`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
  }).catch(() => {
    throw running;
  });
  if (!response.ok || !response.body) throw running;
  const input = Readable.fromWeb(response.body as import("node:stream/web").ReadableStream);
  for await (const line of createInterface({ input, crlfDelay: Infinity })) await write(line);
}

/** Asks the store running on `dataDir` to run a command; Error, saying so, when it does not answer. */
export async function runInRunningStore(dataDir: string, name: string, args: string[]) {
  const file = endpointFile(dataDir);
  const running = new Error(
    `The store is running on ${dataDir} and does not answer commands; stop it and run the command again.`,
  );
  if (!existsSync(file)) throw running;
  const { port, token } = JSON.parse(readFileSync(file, "utf8")) as Endpoint;
  const response = await fetch(`http://127.0.0.1:${port}/commands/${name}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(args),
  }).catch(() => {
    throw running;
  });
  if (response.status === 404 || response.status === 403) throw running;
  return (await response.json()) as { output: string; ok: boolean };
}
