// A file written under another name, then renamed into place: whoever reads it (another process,
// an operator's tool) finds it whole or not at all, never half written.
import { randomBytes } from "node:crypto";
import { renameSync, type WriteFileOptions, writeFileSync } from "node:fs";

/** Writes `data` to `file` whole; the name written under first is `file`'s own plus a random part, so two writers never share it. */
export function writeFileWhole(file: string, data: string | NodeJS.ArrayBufferView, options?: WriteFileOptions): void {
  const partial = `${file}.${randomBytes(6).toString("hex")}.part`;
  writeFileSync(partial, data, options);
  renameSync(partial, file);
}
