// The listed products' names by trigram, for "names within a typo" (`query <% name`, pg_trgm):
// per trigram a bitmap of the names that have it, and each name's words as pg_trgm reads them. A
// name must share a share of the query's trigrams to be within the threshold at all, so only
// those sharing enough are compared (./trigrams.ts), not every name.
import { RoaringBitmap32 } from "roaring-wasm";
import { TrigramQuery, trigramSequence, trigramWords, WORD_SIMILARITY_THRESHOLD } from "./trigrams";

export class NameTrigrams {
  // Per ordinal, its name's number (-1: none); per number, the name's words as pg_trgm reads them
  // and how many products have it. A range's sizes and packs share a name: each is kept, and
  // compared with a query, once.
  private nameOf = new Int32Array(0);
  private readonly numbers = new Map<string, number>();
  private readonly names: (string | undefined)[] = [];
  private readonly uses: number[] = [];
  private readonly unused: number[] = [];
  // Per name, its similarity to the query being answered (NaN: not compared yet), reset after it.
  private similarities = new Float64Array(0);
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
    let number = this.numbers.get(words);
    if (number === undefined) {
      number = this.unused.pop() ?? this.names.length;
      this.numbers.set(words, number);
      this.names[number] = words;
      this.uses[number] = 0;
    }
    this.uses[number] = (this.uses[number] ?? 0) + 1;
    if (this.nameOf.length <= ordinal) {
      const grown = new Int32Array(Math.max(ordinal + 1, Math.ceil(this.nameOf.length * 1.5))).fill(-1);
      grown.set(this.nameOf);
      this.nameOf = grown;
    }
    this.nameOf[ordinal] = number;
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
    const number = this.nameOf[ordinal] ?? -1;
    const words = this.names[number];
    if (words === undefined) return;
    for (const trigram of new Set(trigramSequence(words))) this.bits.get(trigram)?.remove(ordinal);
    this.nameOf[ordinal] = -1;
    const uses = (this.uses[number] ?? 1) - 1;
    this.uses[number] = uses;
    if (uses > 0) return;
    this.numbers.delete(words);
    this.names[number] = undefined;
    this.unused.push(number);
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
    // Each name compared once, however many parts have it.
    if (this.similarities.length < this.names.length)
      this.similarities = new Float64Array(Math.ceil(this.names.length * 1.25)).fill(Number.NaN);
    const similarities = this.similarities;
    const compared: number[] = [];
    for (const ordinal of candidates) {
      const number = this.nameOf[ordinal] as number;
      let similarity = similarities[number] as number;
      if (Number.isNaN(similarity)) {
        similarity = query.similarity(this.names[number] ?? "");
        similarities[number] = similarity;
        compared.push(number);
      }
      if (similarity >= WORD_SIMILARITY_THRESHOLD) found.set(ordinal, similarity);
    }
    for (const number of compared) similarities[number] = Number.NaN;
    return found;
  }

  get bytes() {
    let bytes = this.foreign.getSerializationSizeInBytes("croaring");
    for (const bits of this.bits.values()) bytes += bits.getSerializationSizeInBytes("croaring");
    // The names' words, one byte a character and a string's header; a number per product.
    for (const words of this.names) if (words !== undefined) bytes += words.length + 16;
    return bytes + this.nameOf.byteLength;
  }

  dispose() {
    for (const bits of this.bits.values()) bits.dispose();
    this.foreign.dispose();
  }
}
