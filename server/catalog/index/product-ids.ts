// The catalogue index's product ids and their ordinals. A million ids as strings in an array and a
// Map held ~90 MB of the heap and ~200 MB resident at a million parts (the strings strewn among
// the build's garbage kept half-empty pages alive). A UUID as PostgreSQL prints it is kept as its
// 16 bytes (four 32-bit words) and found through an open-addressed table of ordinals; any other id
// (the tests' "1", "2") is kept as it is, in a Map of its own.

import { atLeast } from "./typed-arrays";

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));

/** A hex digit's value, or -1 for anything but 0-9 and a-f (PostgreSQL prints UUIDs in lower case). */
function hexDigit(code: number) {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 102) return code - 87;
  return -1;
}

export class ProductIds {
  // Per ordinal, four words of its UUID (zero for an id that is not one: it is in `otherIds`).
  private words = new Uint32Array(4 * 1024);
  // Ordinal + 1 per slot (0: empty), at the hash of the UUID's words and on, a power of two long.
  private table = new Int32Array(2048);
  private readonly others = new Map<string, number>();
  private readonly otherIds = new Map<number, string>();
  private readonly parsed = new Uint32Array(4);
  private count = 0;

  get length() {
    return this.count;
  }

  /** The ordinal of `id`, or undefined when it was never numbered. */
  ordinalOf(id: string): number | undefined {
    if (!this.parse(id)) return this.others.get(id);
    const slot = this.find();
    const ordinal = (this.table[slot] as number) - 1;
    return ordinal < 0 ? undefined : ordinal;
  }

  /** Numbers `id` after the others (it must not be numbered yet); returns its ordinal. */
  add(id: string): number {
    const ordinal = this.count++;
    this.words = atLeast(this.words, 4 * this.count);
    if (!this.parse(id)) {
      this.others.set(id, ordinal);
      this.otherIds.set(ordinal, id);
      return ordinal;
    }
    this.words.set(this.parsed, 4 * ordinal);
    // Half full at most: a probe then ends within a slot or two.
    if (this.count * 2 > this.table.length) this.grow();
    else this.table[this.find()] = ordinal + 1;
    return ordinal;
  }

  /** The id numbered `ordinal`. */
  idAt(ordinal: number): string {
    const other = this.otherIds.get(ordinal);
    if (other !== undefined) return other;
    let text = "";
    for (let k = 0; k < 16; k++) {
      if (k === 4 || k === 6 || k === 8 || k === 10) text += "-";
      const word = this.words[4 * ordinal + (k >> 2)] as number;
      text += HEX[(word >>> (24 - 8 * (k & 3))) & 255];
    }
    return text;
  }

  /** Reads a UUID as PostgreSQL prints it into `parsed`; false for anything else. */
  private parse(id: string) {
    if (id.length !== 36) return false;
    let digit = 0;
    for (let at = 0; at < 36; at++) {
      const code = id.charCodeAt(at);
      if (at === 8 || at === 13 || at === 18 || at === 23) {
        if (code !== 45) return false;
        continue;
      }
      const value = hexDigit(code);
      if (value < 0) return false;
      const word = digit >> 3;
      this.parsed[word] = digit % 8 === 0 ? value : (((this.parsed[word] as number) << 4) | value) >>> 0;
      digit++;
    }
    return true;
  }

  /** The slot of the parsed UUID: its ordinal's, or the empty one where it would go. */
  private find() {
    const [a, b, c, d] = this.parsed as unknown as [number, number, number, number];
    const mask = this.table.length - 1;
    let slot = Math.imul(
      a ^ Math.imul(b, 0x9e3779b1) ^ Math.imul(c, 0x85ebca6b) ^ Math.imul(d, 0xc2b2ae35),
      0x27d4eb2f,
    );
    slot = (slot ^ (slot >>> 15)) & mask;
    for (;;) {
      const held = (this.table[slot] as number) - 1;
      if (held < 0) return slot;
      const at = 4 * held;
      if (this.words[at] === a && this.words[at + 1] === b && this.words[at + 2] === c && this.words[at + 3] === d)
        return slot;
      slot = (slot + 1) & mask;
    }
  }

  /** A table twice as long, every UUID's ordinal in it again (the one being added too). */
  private grow() {
    this.table = new Int32Array(this.table.length * 2);
    for (let ordinal = 0; ordinal < this.count; ordinal++) {
      if (this.otherIds.has(ordinal)) continue;
      this.parsed.set(this.words.subarray(4 * ordinal, 4 * ordinal + 4));
      this.table[this.find()] = ordinal + 1;
    }
  }
}
