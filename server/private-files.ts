// Every file the store writes is its user's alone: password hashes, sessions and orders (PGlite's
// files, backups), buyers' tax certificates, mail with live reset and invitation links (the outbox).
// SECURITY.md counts other local users as a threat. Files are 0600 and folders 0700.
import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";

const GROUP_AND_OTHERS = 0o077;

/** Takes every permission of the group and of others off `target` and, for a folder, all it holds. */
export function makePrivate(target: string): void {
  let stat: ReturnType<typeof lstatSync>;
  try {
    stat = lstatSync(target);
  } catch (error) {
    // Gone while it was walked (a file another process renamed or removed): nothing to do.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  if (stat.isSymbolicLink()) return;
  if (stat.mode & GROUP_AND_OTHERS) chmodSync(target, stat.mode & 0o700);
  if (stat.isDirectory()) for (const name of readdirSync(target)) makePrivate(path.join(target, name));
}

/**
 * Makes `dataDir` (creating it) and what it holds private, and has this process create every file
 * and folder private from now on: its own writes, PGlite's (written through Node's fs, which applies
 * the umask), the mail outbox's and a backup's alike.
 */
export function privateDataDir(dataDir: string): void {
  process.umask(GROUP_AND_OTHERS);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  makePrivate(dataDir);
}
