// Zip archives built byte by byte, for tests of what the catalogue import reads and refuses: a
// workbook with its parts in any order, one whose parts unpack to far more than they weigh, and one
// whose directory lies about it.
import { deflateRawSync } from "node:zlib";

export interface ZipPart {
  name: string;
  content: Buffer;
  /** The unpacked size the directory states, when it should lie. */
  statedSize?: number;
  /** Kept as it is (method 0) rather than deflated (method 8). */
  stored?: boolean;
}

/** A zip of `parts`, in their order, each deflated unless stored. */
export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const packed = part.stored ? part.content : deflateRawSync(part.content);
    const method = part.stored ? 0 : 8;
    const size = part.statedSize ?? part.content.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(method, 10);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    central.push(entry, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A "workbook" whose one sheet unpacks from a few kilobytes to `megabytes` of blanks. */
export const zipBomb = (megabytes: number, { lie = false } = {}) =>
  zipOf([
    {
      name: "xl/worksheets/sheet1.xml",
      content: Buffer.alloc(megabytes * 1024 * 1024, 0x20),
      statedSize: lie ? 1_000 : undefined,
    },
  ]);
