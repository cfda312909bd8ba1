// Strings by number, kept as their UTF-16 code units in one pool rather than as a string each. A
// million parts' part keys and 714,000 words as strings were ~130 ms of every full collection's
// 210 (the collector visits each string; it does not look inside a typed array), and the build
// made ~22 such collections.

import { atLeast } from "./typed-arrays";

export class PackedStrings {
  private units = new Uint16Array(64);
  private starts = new Int32Array(0);
  // Per number, its string's length + 1 (0: none).
  private sizes = new Int32Array(0);
  private used = 0;
  private live = 0;

  get bytes() {
    return this.units.byteLength + this.starts.byteLength + this.sizes.byteLength;
  }

  has(n: number): boolean {
    return (this.sizes[n] ?? 0) > 0;
  }

  /** Keeps `text` as number `n`'s string (in place of any it had). */
  set(n: number, text: string) {
    this.clear(n);
    const length = text.length;
    if (this.used + length > this.units.length) this.makeRoom(length);
    const units = this.units;
    for (let i = 0, at = this.used; i < length; i++, at++) units[at] = text.charCodeAt(i);
    this.starts = atLeast(this.starts, n + 1);
    this.sizes = atLeast(this.sizes, n + 1);
    this.starts[n] = this.used;
    this.sizes[n] = length + 1;
    this.used += length;
    this.live += length;
  }

  clear(n: number) {
    const size = this.sizes[n] ?? 0;
    if (size === 0) return;
    this.live -= size - 1;
    this.sizes[n] = 0;
  }

  /** Number `n`'s string, made anew (undefined: none). */
  get(n: number): string | undefined {
    const size = this.sizes[n] ?? 0;
    if (size === 0) return undefined;
    const start = this.starts[n] as number;
    return String.fromCharCode(...this.units.subarray(start, start + size - 1));
  }

  equals(n: number, text: string): boolean {
    return (this.sizes[n] ?? 0) === text.length + 1 && this.holdsAt(this.starts[n] as number, text);
  }

  startsWith(n: number, text: string): boolean {
    return (this.sizes[n] ?? 0) > text.length && this.holdsAt(this.starts[n] as number, text);
  }

  includes(n: number, text: string): boolean {
    const size = this.sizes[n] ?? 0;
    if (size === 0) return false;
    const start = this.starts[n] as number;
    for (let at = start, last = start + size - 1 - text.length; at <= last; at++)
      if (this.holdsAt(at, text)) return true;
    return false;
  }

  /** Number `n`'s string against `text` in code-unit order (as `<` compares strings): negative, 0 or positive. */
  compareWith(n: number, text: string): number {
    const start = this.starts[n] as number;
    const length = (this.sizes[n] ?? 1) - 1;
    const shorter = Math.min(length, text.length);
    for (let i = 0; i < shorter; i++) {
      const difference = (this.units[start + i] as number) - text.charCodeAt(i);
      if (difference !== 0) return difference;
    }
    return length - text.length;
  }

  /** Numbers `a`'s and `b`'s strings in code-unit order: negative, 0 or positive. */
  compare(a: number, b: number): number {
    const [startA, startB] = [this.starts[a] as number, this.starts[b] as number];
    const [lengthA, lengthB] = [(this.sizes[a] ?? 1) - 1, (this.sizes[b] ?? 1) - 1];
    const shorter = Math.min(lengthA, lengthB);
    for (let i = 0; i < shorter; i++) {
      const difference = (this.units[startA + i] as number) - (this.units[startB + i] as number);
      if (difference !== 0) return difference;
    }
    return lengthA - lengthB;
  }

  /** Number `n`'s string's first code unit (-1: empty, or none). */
  firstUnit(n: number): number {
    return (this.sizes[n] ?? 0) > 1 ? (this.units[this.starts[n] as number] as number) : -1;
  }

  private holdsAt(at: number, text: string) {
    const units = this.units;
    for (let i = 0; i < text.length; i++) if (units[at + i] !== text.charCodeAt(i)) return false;
    return true;
  }

  /** Room for `length` more: the strings cleared since are dropped when they are half the pool, else it grows. */
  private makeRoom(length: number) {
    if ((this.used - this.live) * 2 < this.used) {
      this.units = atLeast(this.units, this.used + length);
      return;
    }
    const units = new Uint16Array(Math.max(this.units.length, Math.ceil((this.live + length) * 1.5)));
    let used = 0;
    for (let n = 0; n < this.sizes.length; n++) {
      const size = this.sizes[n] as number;
      if (size === 0) continue;
      const start = this.starts[n] as number;
      units.set(this.units.subarray(start, start + size - 1), used);
      this.starts[n] = used;
      used += size - 1;
    }
    [this.units, this.used] = [units, used];
  }
}

/** The first of `ids` from `from` on for which `holds` (false for those before it, true after), or their end. */
function firstWhere(ids: Int32Array, from: number, holds: (id: number) => boolean) {
  let to = ids.length;
  while (from < to) {
    const middle = (from + to) >>> 1;
    if (holds(ids[middle] as number)) to = middle;
    else from = middle + 1;
  }
  return from;
}

/** A string's FNV-1a hash over its code units. */
function hashOf(text: string) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash | 0;
}

/** Where a hash's probe starts in a table of `mask` + 1 slots. */
const firstSlot = (hash: number, mask: number) => (hash ^ (hash >>> 15)) & mask;

/** Words in order: their ids from `from` to `to` (not included) of `ids`. */
export interface WordRange {
  ids: Int32Array;
  from: number;
  to: number;
}

/**
 * The index's words, numbered from 0 in the order first met (a number is never given up), found
 * by an open-addressed table of their numbers, and put in order for prefixes when one is asked.
 */
export class Vocabulary {
  private readonly texts = new PackedStrings();
  private hashes = new Int32Array(1 << 10);
  // Id + 1 per slot (0: empty), at the word's hash and on, a power of two long.
  private table = new Int32Array(1 << 11);
  private count = 0;
  // Every word's id in code-unit order, of the words numbered when last put in order.
  private ordered = new Int32Array(0);

  get size() {
    return this.count;
  }

  get bytes() {
    return this.texts.bytes + this.hashes.byteLength + this.table.byteLength + this.ordered.byteLength;
  }

  idOf(word: string): number | undefined {
    const id = (this.table[this.slotOf(word, hashOf(word))] as number) - 1;
    return id < 0 ? undefined : id;
  }

  /** The word's id, numbering it when new. */
  add(word: string): number {
    const hash = hashOf(word);
    const slot = this.slotOf(word, hash);
    const known = (this.table[slot] as number) - 1;
    if (known >= 0) return known;
    const id = this.count++;
    this.texts.set(id, word);
    this.hashes = atLeast(this.hashes, this.count);
    this.hashes[id] = hash;
    // Half full at most: a probe then ends within a slot or two.
    if (this.count * 2 > this.table.length) this.grow();
    else this.table[slot] = id + 1;
    return id;
  }

  wordAt(id: number): string | undefined {
    return this.texts.get(id);
  }

  /** The words starting with `prefix`: `ids` from `from` to `to` (not included), in order. */
  startingWith(prefix: string): WordRange {
    const ids = this.inOrder();
    // In order, the words before the prefix, those it starts, then those after it: each end found
    // by halving ('1' starts ~60,000 words at a million parts, read one by one in ~1 ms).
    const from = firstWhere(ids, 0, (id) => this.texts.compareWith(id, prefix) >= 0);
    const to = firstWhere(ids, from, (id) => !this.texts.startsWith(id, prefix));
    return { ids, from, to };
  }

  startsWith(id: number, prefix: string): boolean {
    return this.texts.startsWith(id, prefix);
  }

  /** The word's first code unit (-1: the empty word). */
  firstUnit(id: number): number {
    return this.texts.firstUnit(id);
  }

  /**
   * Every word's id in code-unit order (as prefixes compare), those numbered since last time
   * sorted and merged in: sorting a million parts' 714,000 words again took the first prefix
   * after a change 376 ms.
   */
  inOrder(): Int32Array {
    const before = this.ordered;
    if (before.length === this.count) return before;
    const byText = (a: number, b: number) => this.texts.compare(a, b);
    const added = new Int32Array(this.count - before.length).map((_, i) => before.length + i).sort(byText);
    const merged = new Int32Array(this.count);
    let [i, j] = [0, 0];
    for (let k = 0; k < merged.length; k++)
      merged[k] =
        j >= added.length || (i < before.length && byText(before[i] as number, added[j] as number) < 0)
          ? (before[i++] as number)
          : (added[j++] as number);
    this.ordered = merged;
    return merged;
  }

  /** The slot of `word`: its id's, or the empty one where it would go. */
  private slotOf(word: string, hash: number) {
    const mask = this.table.length - 1;
    for (let slot = firstSlot(hash, mask); ; slot = (slot + 1) & mask) {
      const id = (this.table[slot] as number) - 1;
      if (id < 0 || (this.hashes[id] === hash && this.texts.equals(id, word))) return slot;
    }
  }

  /** A table twice as long, every word's id in it again (the one being added too). */
  private grow() {
    this.table = new Int32Array(this.table.length * 2);
    const mask = this.table.length - 1;
    for (let id = 0; id < this.count; id++) {
      let slot = firstSlot(this.hashes[id] as number, mask);
      while (this.table[slot] !== 0) slot = (slot + 1) & mask;
      this.table[slot] = id + 1;
    }
  }
}
