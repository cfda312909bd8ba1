// The listed products' names by trigram, for "names within a typo" (`query <% name`, pg_trgm).
// A range's sizes and packs share a name (100,000 parts have ~11,000), so names are numbered and
// kept once each: per name its words as pg_trgm reads them and its products, per trigram a bitmap
// of the names that have it. A name must share a share of the query's trigrams to be within the
// threshold at all, so only those sharing enough are compared (./trigrams.ts), each once.
import { RoaringBitmap32 } from "roaring-wasm";
import { TrigramQuery, trigramSequence, trigramWords, WORD_SIMILARITY_THRESHOLD } from "./trigrams";

/** The products with names within a typo of a query, and each one's word_similarity. */
export class TypoMatches {
  constructor(
    /** Disposed with the matches. */
    readonly products: RoaringBitmap32,
    private readonly byName: Map<number, number>,
    private readonly nameOf: Int32Array,
    private readonly byProduct: Map<number, number>,
  ) {}

  similarity(ordinal: number): number {
    return this.byProduct.get(ordinal) ?? this.byName.get(this.nameOf[ordinal] ?? -1) ?? 0;
  }

  /** Adds a product whose similarity PostgreSQL computed (a name not in ASCII). */
  add(ordinal: number, similarity: number) {
    this.products.add(ordinal);
    this.byProduct.set(ordinal, similarity);
  }

  dispose() {
    this.products.dispose();
  }
}

export class NameTrigrams {
  // Per ordinal, its name's number (-1: none); per number, the name's words, its products and how
  // many they are. A number no product uses any more is given to the next new name.
  private nameOf = new Int32Array(0);
  private readonly numbers = new Map<string, number>();
  private readonly names: (string | undefined)[] = [];
  private readonly productsOf: (RoaringBitmap32 | undefined)[] = [];
  private readonly uses: number[] = [];
  private readonly unused: number[] = [];
  private readonly bits = new Map<number, RoaringBitmap32>();
  /** Listed products whose names are not ASCII: PostgreSQL compares those (the locale reads them). */
  readonly foreign = new RoaringBitmap32();
  // Per name, query trigrams it has: one array reused (zeroed after each query).
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
      this.productsOf[number] = new RoaringBitmap32();
      for (const trigram of new Set(trigramSequence(words))) {
        let bits = this.bits.get(trigram);
        if (!bits) {
          bits = new RoaringBitmap32();
          this.bits.set(trigram, bits);
        }
        bits.add(number);
      }
    }
    this.uses[number] = (this.uses[number] ?? 0) + 1;
    this.productsOf[number]?.add(ordinal);
    if (this.nameOf.length <= ordinal) {
      const grown = new Int32Array(Math.max(ordinal + 1, Math.ceil(this.nameOf.length * 1.5))).fill(-1);
      grown.set(this.nameOf);
      this.nameOf = grown;
    }
    this.nameOf[ordinal] = number;
  }

  remove(ordinal: number) {
    this.foreign.remove(ordinal);
    const number = this.nameOf[ordinal] ?? -1;
    const words = this.names[number];
    if (words === undefined) return;
    this.nameOf[ordinal] = -1;
    this.productsOf[number]?.remove(ordinal);
    const uses = (this.uses[number] ?? 1) - 1;
    this.uses[number] = uses;
    if (uses > 0) return;
    for (const trigram of new Set(trigramSequence(words))) this.bits.get(trigram)?.remove(number);
    this.productsOf[number]?.dispose();
    this.productsOf[number] = undefined;
    this.numbers.delete(words);
    this.names[number] = undefined;
    this.unused.push(number);
  }

  /**
   * The ASCII-named products within a typo of a query's words (trigramWords), with their
   * word_similarity: those at or above pg_trgm's threshold, as `query <% name` finds them.
   */
  similar(queryWords: string): TypoMatches {
    const query = new TrigramQuery(queryWords);
    const byName = new Map<number, number>();
    const matches = () =>
      new TypoMatches(
        RoaringBitmap32.orMany([...byName.keys()].map((number) => this.productsOf[number])),
        byName,
        this.nameOf,
        new Map(),
      );
    const fewest = query.fewestShared(WORD_SIMILARITY_THRESHOLD);
    if (this.shared.length < this.names.length) this.shared = new Uint16Array(Math.ceil(this.names.length * 1.25));
    const shared = this.shared;
    // A name sharing `fewest` of the query's trigrams has one of its rarest (all but `fewest` - 1 of
    // them): only their names are candidates, and the commoner trigrams (a word's ending: 'ing',
    // 'ng ') are counted among those alone, not over every name that has them.
    const lists = query.distinct
      .flatMap((trigram) => this.bits.get(trigram) ?? [])
      .map((bits) => ({ bits, size: bits.size }))
      .sort((a, b) => a.size - b.size);
    const rarest = lists.length - fewest + 1;
    if (rarest <= 0) return matches();
    const candidates: number[] = [];
    const within = RoaringBitmap32.orMany(lists.slice(0, rarest).map((list) => list.bits));
    try {
      for (const [at, { bits }] of lists.entries()) {
        const common = at < rarest ? undefined : RoaringBitmap32.and(bits, within);
        for (const number of (common ?? bits).toUint32Array())
          if (++(shared[number] as number) === fewest) candidates.push(number);
        common?.dispose();
      }
      // Every name counted is one of the rarest trigrams'.
      for (const number of within.toUint32Array()) shared[number] = 0;
    } finally {
      within.dispose();
    }
    for (const number of candidates) {
      const similarity = query.similarity(this.names[number] ?? "");
      if (similarity >= WORD_SIMILARITY_THRESHOLD) byName.set(number, similarity);
    }
    return matches();
  }

  get bytes() {
    let bytes = this.foreign.getSerializationSizeInBytes("croaring");
    for (const bits of [...this.bits.values(), ...this.productsOf])
      bytes += bits?.getSerializationSizeInBytes("croaring") ?? 0;
    // The names' words, one byte a character and a string's header; a number per product.
    for (const words of this.names) if (words !== undefined) bytes += words.length + 16;
    return bytes + this.nameOf.byteLength;
  }

  dispose() {
    for (const bits of [...this.bits.values(), ...this.productsOf]) bits?.dispose();
    this.foreign.dispose();
  }
}
