// The parts of a zip file (an XLSX workbook is one), found through its central directory at the end
// of the file and read each on its own. Reading through the directory, rather than streaming the
// zip from its start, finds every part whatever order it was written in, and whatever the reader
// does between parts (docs/decisions/reading-workbooks.md).
import { createReadStream } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import { pipeline, Readable } from "node:stream";
import { createInflateRaw } from "node:zlib";
import { StoreError } from "../../errors";

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated: the two a spreadsheet writes. */
  method: number;
  packed: number;
  unpacked: number;
  /** Where the part's local header starts. */
  offset: number;
}

export const unreadableWorkbook = (why = "") =>
  new StoreError("Invalid", `This file is not a readable XLSX workbook${why ? `: ${why}` : ""}.`);

/** The entries a zip's central directory lists. */
export async function zipDirectory(file: string, size: number): Promise<ZipEntry[]> {
  const handle = await open(file);
  try {
    // The end-of-directory record is in the last 22 bytes plus a comment of at most 65,535.
    const tailLength = Math.min(size, 22 + 65_535);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    const end = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (end < 0 || end + 22 > tail.length) throw unreadableWorkbook();
    const count = tail.readUInt16LE(end + 10);
    const directorySize = tail.readUInt32LE(end + 12);
    const directoryOffset = tail.readUInt32LE(end + 16);
    if (directoryOffset + directorySize > size) throw unreadableWorkbook();
    const directory = Buffer.alloc(directorySize);
    await handle.read(directory, 0, directorySize, directoryOffset);
    const entries: ZipEntry[] = [];
    let at = 0;
    for (let i = 0; i < count; i++) {
      if (at + 46 > directory.length || directory.readUInt32LE(at) !== 0x02014b50) throw unreadableWorkbook();
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      entries.push({
        method: directory.readUInt16LE(at + 10),
        packed: directory.readUInt32LE(at + 20),
        unpacked: directory.readUInt32LE(at + 24),
        offset: directory.readUInt32LE(at + 42),
        name: directory.toString("utf8", at + 46, at + 46 + nameLength),
      });
      at += 46 + nameLength + extraLength + commentLength;
    }
    return entries;
  } finally {
    await handle.close();
  }
}

/** Where a part's packed bytes start: after its local header, whose name and extra field are its own. */
export async function packedStart(handle: FileHandle, entry: ZipEntry): Promise<number> {
  const header = Buffer.alloc(30);
  const { bytesRead } = await handle.read(header, 0, 30, entry.offset);
  if (bytesRead < 30 || header.readUInt32LE(0) !== 0x04034b50) throw unreadableWorkbook();
  return entry.offset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
}

/** A part's bytes as they were before packing; a damaged part fails the stream with zlib's error. */
export function unpackedBytes(file: string, entry: ZipEntry, start: number): Readable {
  if (entry.method !== 0 && entry.method !== 8)
    throw new StoreError(
      "Invalid",
      "This workbook is packed in a way spreadsheets do not use; save it again from the spreadsheet.",
    );
  if (entry.packed === 0) return Readable.from([]);
  const packed = createReadStream(file, { start, end: start + entry.packed - 1 });
  if (entry.method === 0) return packed;
  return pipeline(packed, createInflateRaw(), () => {
    // An error reaches the reader through the inflated stream, which pipeline destroys with it.
  });
}

/** The unpacked bytes of the part named `name`, or undefined when the zip has no such part. */
export async function partNamed(file: string, entries: ZipEntry[], name: string): Promise<Readable | undefined> {
  const entry = entries.find((candidate) => candidate.name === name);
  if (!entry) return undefined;
  const handle = await open(file);
  try {
    return unpackedBytes(file, entry, await packedStart(handle, entry));
  } finally {
    await handle.close();
  }
}
