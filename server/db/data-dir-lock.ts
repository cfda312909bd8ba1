// PGlite is one connection in one process with no lock of its own: a second process on the
// same folder would silently lose writes. The server holds this lock for as long as it runs.
import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the lock or throws DataDirLockedError naming the process that holds it. */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, "server.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(readFileSync(file, "utf8"), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder)) {
        throw new DataDirLockedError(
          `DATA_DIR ${dataDir} is in use by another store process (pid ${holder}); stop it or choose another DATA_DIR.`,
        );
      }
      rmSync(file, { force: true }); // left behind by a process that is gone
    }
  }
  throw new DataDirLockedError(`Could not lock DATA_DIR ${dataDir}; another process keeps taking it.`);
}
