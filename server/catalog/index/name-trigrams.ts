// The listed products' names by trigram, for "names within a typo" (`query <% name`, pg_trgm):
// per trigram a bitmap of the names that have it, and each name's words as pg_trgm reads them. A
// name must share a share of the query's trigrams to be within the threshold at all, so only
// those sharing enough are compared (./trigrams.ts), not every name.
import { RoaringBitmap32 } from "roaring-wasm";
import { TrigramQuery, trigramSequence, trigramWords, WORD_SIMILARITY_THRESHOLD } from "./trigrams";

export class NameTrigrams {
  // Per ordinal: the name's words (a string is the most compact a million of them can be kept).
  private readonly words: (string | undefined)[] = [];
  private readonly bits = new Map<number, RoaringBitmap32>();
  /** Listed products whose names are not ASCII: PostgreSQL compares those (the locale reads them). */
  readonly foreign = new RoaringBitmap32();
  // Per ordinal, query trigrams its name has: one array reused (zeroed after each query).
  private shared = new Uint16Array(0);

  add(ordinal: number, name: string) {
    const words = trigramWords(name);
    if (words === undefined) {
      this.foreign.add(ordinal);
      return;
    }
    this.words[ordinal] = words;
    for (const trigram of new Set(trigramSequence(words))) {
      let bits = this.bits.get(trigram);
      if (!bits) {
        bits = new RoaringBitmap32();
        this.bits.set(trigram, bits);
      }
      bits.add(ordinal);
    }
  }

  remove(ordinal: number) {
    this.foreign.remove(ordinal);
    const words = this.words[ordinal];
    if (words === undefined) return;
    for (const trigram of new Set(trigramSequence(words))) this.bits.get(trigram)?.remove(ordinal);
    this.words[ordinal] = undefined;
  }

  /**
   * The ASCII-named products within a typo of a query's words (trigramWords), with their
   * word_similarity: those at or above pg_trgm's threshold, as `query <% name` finds them.
   */
  similar(queryWords: string, capacity: number): Map<number, number> {
    const query = new TrigramQuery(queryWords);
    const found = new Map<number, number>();
    const fewest = query.fewestShared(WORD_SIMILARITY_THRESHOLD);
    if (this.shared.length < capacity) this.shared = new Uint16Array(Math.ceil(capacity * 1.25));
    const shared = this.shared;
    // A name sharing `fewest` of the query's trigrams has one of its rarest (all but `fewest` - 1 of
    // them): only their names are candidates, and the commoner trigrams (a word's ending: 'ing',
    // 'ng ') are counted among those alone, not over every name that has them.
    const lists = query.distinct
      .flatMap((trigram) => this.bits.get(trigram) ?? [])
      .map((bits) => ({ bits, size: bits.size }))
      .sort((a, b) => a.size - b.size);
    const rarest = lists.length - fewest + 1;
    if (rarest <= 0) return found;
    const candidates: number[] = [];
    const within = RoaringBitmap32.orMany(lists.slice(0, rarest).map((list) => list.bits));
    try {
      for (const [at, { bits }] of lists.entries()) {
        const common = at < rarest ? undefined : RoaringBitmap32.and(bits, within);
        for (const ordinal of (common ?? bits).toUint32Array())
          if (++(shared[ordinal] as number) === fewest) candidates.push(ordinal);
        common?.dispose();
      }
      // Every name counted is one of the rarest trigrams'.
      for (const ordinal of within.toUint32Array()) shared[ordinal] = 0;
    } finally {
      within.dispose();
    }
    // Many parts share a name (a range's sizes and packs): each name compared once.
    const byName = new Map<string, number>();
    for (const ordinal of candidates) {
      const words = this.words[ordinal] ?? "";
      let similarity = byName.get(words);
      if (similarity === undefined) {
        similarity = query.similarity(words);
        byName.set(words, similarity);
      }
      if (similarity >= WORD_SIMILARITY_THRESHOLD) found.set(ordinal, similarity);
    }
    return found;
  }

  get bytes() {
    let bytes = this.foreign.getSerializationSizeInBytes("croaring");
    for (const bits of this.bits.values()) bytes += bits.getSerializationSizeInBytes("croaring");
    // The names' words, one byte a character and a string's header.
    for (const words of this.words) if (words !== undefined) bytes += words.length + 16;
    return bytes;
  }

  dispose() {
    for (const bits of this.bits.values()) bits.dispose();
    this.foreign.dispose();
  }
}
