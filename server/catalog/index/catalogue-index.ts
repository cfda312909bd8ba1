// The catalogue's index in memory (docs/decisions/catalogue-index.md): each listed product as a
// small ordinal, and per search word, category, subcategory, brand, stock and spec value a
// compressed bitmap of ordinals (roaring), each product's words by position (for ts_rank_cd), and
// the catalogue's sort orders precomputed. It answers which products a query lists, in what order,
// and how many per facet; what the page then shows of them (price, stock, contract prices) is read
// from the database. It answers exactly as the SQL path (catalog-query.ts, the reference) or not
// at all: a phrase holding a prefix or a negation has PostgreSQL check its candidates, a negation or
// a prefix ranked by relevance has its page from SQL, names within a typo are compared by trigram
// as pg_trgm does (./name-trigrams.ts).
import { RoaringBitmap32, roaringLibraryInitialize } from "roaring-wasm";
import type { SpecFilter, SpecState } from "../../../domain/catalog/spec-filters";
import { type FacetRow, ROWS_PER_FACET, type ScopeAttribute, shownFacets, TOLERANCE } from "../search/spec-facets";
import { NameTrigrams, type TypoMatches } from "./name-trigrams";
import { PackedStrings, Vocabulary, type WordRange } from "./packed-strings";
import { ProductIds } from "./product-ids";
import { eachWordRank, firstEntryOf, type PositionedWords, rankerOf, wordRank } from "./rank";
import { trigramWords, WORD_SIMILARITY_THRESHOLD } from "./trigrams";
import { needsPostgres, type OperandPositions, operandPositions, positionTest, type TsNode } from "./tsquery";
import { atLeast } from "./typed-arrays";

/** A product as the index keeps it, read from the database (./load.ts). */
export interface IndexedProduct {
  id: string;
  /** Only active products are listed; any other status takes the product out of every list. */
  status: string;
  category: string;
  subcategory: string;
  brand: string;
  stockLevel: number;
  partKey: string;
  featured: boolean;
  name: string;
  /** What four of the sort orders sort by before the name (ordersFrom). */
  price: number;
  rating: number;
  reviewCount: number;
  /** A 53-bit digest of what the sort orders depend on (./load.ts, digest53): when it changes, the orders are read again. */
  sortKey: number;
  /** The words of the product's search vector, and each position's word (an index into `words`) and weight. */
  words: string[];
  entryWord: Int32Array;
  entryPos: Uint16Array;
  /** Its spec values as [attribute, number, text]: arrays as the database's JSON gives them, not an object made for each of a million parts' six. */
  values: SpecValue[];
}

export type SpecValue = [attributeId: number, num: number | null, txt: string | null];

/** The two sort orders the database sorts, as the index's ordinals (./load.ts, readOrders). */
export interface ReadOrders {
  byName: Int32Array;
  popularity: Int32Array;
}

/** The listings' sorts, and suggestions' popularity (featured, most reviewed, by part number). */
export const indexSorts = ["featured", "price-asc", "price-desc", "rating-desc", "name", "popularity"] as const;
export type IndexSort = (typeof indexSorts)[number];

let ready: Promise<void> | undefined;
/** Loads roaring's WebAssembly once per process. */
export const initializeBitmaps = () => {
  ready ??= roaringLibraryInitialize();
  return ready;
};

/** Bitmaps made while answering, disposed together (they live in WebAssembly memory, not the heap). */
class Scratch {
  private readonly made: RoaringBitmap32[] = [];
  keep(bitmap: RoaringBitmap32) {
    this.made.push(bitmap);
    return bitmap;
  }
  and(...bitmaps: (RoaringBitmap32 | undefined)[]): RoaringBitmap32 {
    const [first, second, ...rest] = bitmaps.filter((bitmap) => bitmap !== undefined);
    // Two at once into a new bitmap: no copy of the first made only to be cut down.
    const result = this.keep(
      second && first ? RoaringBitmap32.and(first, second) : first ? first.clone() : new RoaringBitmap32(),
    );
    for (const bitmap of rest) result.andInPlace(bitmap);
    return result;
  }
  dispose() {
    for (const bitmap of this.made) bitmap.dispose();
    this.made.length = 0;
  }
}

/** What to count and list, as catalog-query.ts reads a CatalogQuery. */
export interface IndexQuery {
  /** The products of the buyer's company's catalogue (null: every part). */
  catalogue: RoaringBitmap32 | null;
  /** Words typed: the tsquery PostgreSQL made of them, and a part-number fragment also matched. */
  match?: {
    tree: TsNode | undefined;
    partKey: string;
    partFragment: boolean;
    /** With a phrase in the tree: the products PostgreSQL found matching it (phraseCandidates). */
    phraseMatches?: RoaringBitmap32;
    /** Names within a typo instead of words: the products matched, with word_similarity (typoMatches). */
    typo?: TypoMatches;
  };
  category?: string;
  subcategory?: string;
  brand?: string;
  inStock?: boolean;
  sort: IndexSort | "relevance";
  offset: number;
  limit: number;
  spec: SpecState;
  attributes: ScopeAttribute[];
  groupCounts?: boolean;
  scopeTotal?: boolean;
  /** Spec facets' values no product has are listed too (a listing's choices). */
  definedChoices: boolean;
}

/** A category or brand, and how many of the products counted are in it. */
export interface GroupTotal {
  value: string;
  total: number;
}

export interface IndexAnswer {
  /** The page's product ids in order; undefined when only SQL can rank them (several words by relevance). */
  ids: string[] | undefined;
  total: number;
  categories: GroupTotal[];
  brands: GroupTotal[];
  facetRows: FacetRow[];
  totalInScope?: number;
}

// Filters a walk marks products by (a bit each, in a byte with the scope's own).
const MOST_WALKED_FILTERS = 7;

// The room a pool laid out after a build keeps for the changes that follow, as a part of its size.
const LAID_OUT_HEADROOM = 1 / 32;

/**
 * Where the index trades one way of answering for another, by cost alone (the answers are the
 * same either way; the tests set both ends to check each way against SQL).
 */
export const indexTuning = {
  // Words of fewer products are ranked match by match (a thousand take well under a millisecond).
  rankedFrom: 1_000,
  // Words of this many products or more keep them by shape as well (CatalogueIndex.wordShapes).
  shapedFrom: 10_000,
  // Words of this many products or fewer keep them in a run of a shared pool, not a bitmap each:
  // most of a million parts' words are a part number's, of one product (a bitmap: ~250 bytes).
  rareUpTo: 16,
  // A WebAssembly call intersecting two bitmaps costs about as much as this many steps of a walk
  // through products' values in JavaScript, per 65,536 products numbered (a bitmap's container
  // each): ~16 µs against 3-5 ns a step at a million parts (a walk in a function of its own;
  // inlined in a larger one, a step took 10-30 ns, and 75 was right).
  walkStepsPerChunk: 200,
  // A word of a prefix or-ed in costs about as much as this many entries of products read for one
  // ('hss j' at a million parts: 8,300 words or-ed in 9 ms, 38,000 products' 1.8 million entries read in 4).
  entriesPerPrefixWord: 400,
  // Suggestions read matches of the words typed before the last, in order of popularity, for a
  // word the last one starts (popularFirst): at most this many per word it starts, the cost of
  // or-ing that word in instead ('w' starts 8,575 words at a million parts; 'grinding w' read 37,000).
  popularReadsPerWord: 10,
  // A WebAssembly call asking a bitmap whether it holds a product (~100 ns) costs about as much as
  // this many steps of a walk through typed arrays in JavaScript.
  bitmapCallSteps: 20,
  // Steps of a walk down a sort order that ask the bitmap (firstInOrder) before its products are
  // marked by ordinal: 1,024 calls cost ~0.1-0.2 ms, marking 187,019 products ~0.5.
  callsBeforeMarks: 1_024,
  // Past those steps, a page of this many products or fewer (with those skipped before it) is found
  // by reading each product's place, keeping the smallest (smallestPlaces), rather than by marking
  // the products and walking on: 'abrasives' at a million parts, 459,231 products whose names sort
  // after some 300,000 others, took 5.5 ms walking, ~1 ms reading. So is such a page of few
  // products, rather than by selecting among all their places (5.5-16 ms for 460,000, ~1 kept).
  mostPlacesKept: 256,
  // A prefix starting this many words or more has its products kept once asked (keptPrefix), up to
  // `mostKeptPrefixes` of them: '4 1/2 g' typed asks '4', '1', '2' and 'g' as prefixes, each of
  // tens of thousands of words at a million parts, or-ed anew in 30-100 ms a suggestion.
  keptPrefixFrom: 2_000,
  mostKeptPrefixes: 256,
  // Words of this many products or more keep them counted by spec value, category and brand
  // (CatalogueIndex.wordTallies), the commonest first, in `tallyBytes` at most: a search of such a
  // word alone reads its facets' counts there rather than counting its matches ('abrasives' at a
  // million parts: 459,231 products' 2.5 million values counted in ~4 ms).
  talliedFrom: 10_000,
  tallyBytes: 32 << 20,
  // A hyphenated word of this many products or more has its phrase kept with its products, as a
  // synonym's is (commonCompounds): 'cut-off' is 'cut-off' <-> 'cut' to PostgreSQL, and testing
  // where its words stand in 66,662 products at a million parts took ~6 ms a search.
  keptCompoundFrom: 10_000,
};

const valueKey = (attributeId: number, num: number | null, txt: string | null) =>
  `${attributeId}\u0000${num ?? ""}\u0000${txt ?? "\u0001"}`;

// PostgreSQL's text order under the C collation (its byte order): by code point.
const byCodePoint = (a: string, b: string) => {
  if (a === b) return 0;
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = (x[i]?.codePointAt(0) ?? 0) - (y[i]?.codePointAt(0) ?? 0);
    if (d !== 0) return d;
  }
  return x.length - y.length;
};

/**
 * An ascending order made descending by `values`, where equal values keep their order: its runs of
 * equal values, last run first (a pass, not another sort).
 */
function highestFirst(ascending: Int32Array, values: { [ordinal: number]: number }): Int32Array {
  const descending = new Int32Array(ascending.length);
  let filled = 0;
  for (let end = ascending.length; end > 0; ) {
    const value = values[ascending[end - 1] as number];
    let start = end - 1;
    while (start > 0 && values[ascending[start - 1] as number] === value) start--;
    descending.set(ascending.subarray(start, end), filled);
    filled += end - start;
    end = start;
  }
  return descending;
}

export class CatalogueIndex {
  private readonly ids = new ProductIds();
  // Per ordinal: the part key it was taken in with (none: not held). What else it was filed
  // under is in arrays by ordinal too (its groups' numbers, its entries' run): not an object for
  // each of a million products, which V8's collector went through again and again while building.
  private readonly partKeys = new PackedStrings();
  // Every listed product's search-vector entries (word id; position << 2 | weight), a run of each
  // pool per product rather than two arrays per product: a million products' typed arrays
  // cost ~300 MB more than their entries. Runs left behind by a change are dropped when the pools grow.
  entryWords = new Int32Array(1 << 16);
  entryPositions = new Uint16Array(1 << 16);
  entryStart = new Int32Array(0);
  entryCount = new Int32Array(0);
  private entriesUsed = 0;
  private entriesLive = 0;
  // The products a build numbered, until it lays the pools out (0: not building).
  private buildingSize = 0;
  private numberedWords = new Int32Array(256);
  private groupStarts = new Int32Array(256);
  private readonly listed = new RoaringBitmap32();
  private readonly inStock = new RoaringBitmap32();
  // Each category's, subcategory's and brand's number ('c:', 's:', 'b:' and its name) and its
  // bitmap by number; per ordinal its groups' numbers: the listed products counted by category and
  // brand in one pass, not two bitmaps per group, and a product taken out of its groups by them.
  private readonly groupNumbers = new Map<string, number>();
  private readonly groupsByNumber: RoaringBitmap32[] = [];
  private categoryGroup = new Int32Array(0);
  private subcategoryGroup = new Int32Array(0);
  private brandGroup = new Int32Array(0);
  private readonly words = new Vocabulary();
  // A word's products: a bitmap, or (undefined) a run of the rare pool while it has few.
  private readonly wordBits: (RoaringBitmap32 | undefined)[] = [];
  // The rare words' runs: a word's products' ordinals at rareStart, rareCount of them, in a run
  // with room for rareRoom (a run outgrown moves to the pool's end; the build lays them out anew).
  private rareStart = new Int32Array(0);
  private rareCount = new Uint8Array(0);
  private rareRoom = new Uint8Array(0);
  private rarePool = new Int32Array(1 << 16);
  private rareUsed = 0;
  // Per word of many products, its products by the word's rank alone (rank.ts, eachWordRank): a
  // search of one word by relevance takes its best in rank order rather than ranking every match.
  // Rarer words (a part number's, most of a million) are ranked match by match, and cost nothing here.
  private readonly wordRanks: (Map<number, RoaringBitmap32> | undefined)[] = [];
  // Per word of `indexTuning.shapedFrom` products or more, its products by its shape in them (its
  // positions and weights): a few dozen shapes for a common word of the catalogue's names ('drill':
  // 66 among 88,887 products at a million parts). Two such words searched together are ranked a pair
  // of shapes at a time, not a match at a time (rankByShapes). null: the word has more shapes than
  // MAX_SHAPES, and its matches are ranked one by one.
  private readonly wordShapes: (WordShapes | null | undefined)[] = [];
  private readonly shapeLater = new Set<number>();
  // Per word of `indexTuning.talliedFrom` products or more, its products counted by spec value and
  // by category and brand, kept as products come and go (tallyIn).
  private readonly wordTallies: (WordTally | undefined)[] = [];
  private readonly tallyLater = new Set<number>();
  private tallied = 0;
  private readonly featuredBits = new RoaringBitmap32();
  // The same per ordinal (1: featured), read match by match when ranking.
  private featuredFlags = new Uint8Array(0);
  // Per ordinal, the sort key it was taken in with (a number in an array, not a field of each of a
  // million objects), and what four sort orders sort by before the name (ordersFrom).
  private sortKeys = new Float64Array(0);
  private prices = new Float64Array(0);
  private ratings = new Float64Array(0);
  private reviewCounts = new Int32Array(0);
  // The synonyms' phrases of several words and the common hyphenated words' with their products
  // (keepPhrases), by phraseKey.
  private readonly keptPhrases = new Map<string, KeptPhrase>();
  private readonly nameTrigrams = new NameTrigrams();
  // The prefixes kept with their products (keptPrefix), by their first code unit.
  private readonly keptPrefixes = new Map<number, KeptPrefix[]>();
  // Part keys by their first two characters and by each three in a row: the products a part-number
  // prefix (relevance's boost) or fragment may match, checked one by one only among those.
  private readonly partKeyBits = new Map<string, RoaringBitmap32>();
  private readonly valueIds = new Map<string, number>();
  private readonly values: { attributeId: number; num: number | null; txt: string | null; bits: RoaringBitmap32 }[] =
    [];
  private readonly valuesOfAttribute = new Map<number, number[]>();
  private orders: Record<IndexSort, Int32Array> | undefined;
  // Each product's spec values in one array, `valueWidth` slots an ordinal (-1 after the last):
  // walked product by product for facet counts, without an object per product to reach them by.
  private valueSlots = new Int32Array(0);
  private valueWidth = 8;
  // Bitmap additions made while taking products in, made together at the end: one WebAssembly
  // call per bitmap rather than per product and word (a seventh of a build's CPU at 100,000 parts).
  private readonly pending = new Map<RoaringBitmap32, number[]>();
  // The same for words, most of the additions (a product has ~30): word id and ordinal in pairs,
  // sorted by word at the end, without a map entry nor an array per word.
  private pendingWords = new Int32Array(1 << 16);
  private pendingWordsUsed = 0;
  // Words that have reached `indexTuning.rankedFrom` products in this batch, by each word's count
  // of products (kept here: asking a bitmap its size is a call into WebAssembly).
  private wordCounts = new Int32Array(0);
  private readonly rankLater = new Set<number>();
  // Spec values held by all listed products together, and the marks a walk through them uses.
  private valueEntries = 0;
  private markBuffer = new Uint8Array(0);
  private wordMarkBuffer = new Uint8Array(0);
  // An answer's walks through a bitmap's ordinals, and its counts per spec value, in arrays reused
  // from answer to answer: made anew, a search of one common word made megabytes of them, and
  // their collections came every few searches ('type', 'pack' at a million parts: a full one each
  // ~0.5 s, 50-70 ms of marking a million parts' index).
  private walkBuffer = new Uint32Array(0);
  private presentBuffer = new Int32Array(0);
  private countedBuffer = new Int32Array(0);
  private facetOfBuffer = new Int32Array(0);
  private groupPresentBuffer = new Int32Array(0);
  private groupCountedBuffer = new Int32Array(0);
  private readonly facetLayouts = new WeakMap<readonly ScopeAttribute[], FacetLayout>();
  private positions: Record<IndexSort, Int32Array> | undefined;
  /** Whether the sort orders still hold for every listed product. */
  ordersCurrent = false;
  /** Counts the changes that made the sort orders stale; orders read before the last one are stale too. */
  ordersVersion = 0;
  /** Counts every change taken in (what was read for one version may be stale at the next). */
  version = 0;
  // Whether what was taken in since the last settle changed the sort orders.
  private reordering = false;

  get size() {
    return this.listed.size;
  }

  /** Bytes held: the bitmaps' serialized size and the typed arrays (the products' own fields are on top). */
  get bitmapBytes() {
    let bytes =
      this.listed.getSerializationSizeInBytes("croaring") + this.inStock.getSerializationSizeInBytes("croaring");
    const keptPrefixes = [...this.keptPrefixes.values()].flatMap((kept) => kept.map(({ bits }) => bits));
    for (const bits of [
      ...this.groupsByNumber,
      ...this.wordBits,
      ...this.values.map((value) => value.bits),
      ...keptPrefixes,
    ])
      bytes += bits?.getSerializationSizeInBytes("croaring") ?? 0;
    bytes += this.rareUsed * 4 + this.rareStart.byteLength + this.rareCount.byteLength * 2;
    for (const order of Object.values(this.orders ?? {})) bytes += order.byteLength * 2;
    return bytes + this.nameTrigrams.bytes + this.partKeys.bytes + this.words.bytes;
  }

  /** Files `ordinal` under the group `key` (numbered when new); returns the group's number. */
  private fileInGroup(key: string, ordinal: number) {
    let number = this.groupNumbers.get(key);
    if (number === undefined) {
      number = this.groupsByNumber.length;
      this.groupNumbers.set(key, number);
      this.groupsByNumber.push(new RoaringBitmap32());
    }
    this.addLater(this.groupsByNumber[number] as RoaringBitmap32, ordinal);
    return number;
  }

  /** A word's products by their rank of it, from when it has `indexTuning.rankedFrom` products (those before ranked once). */
  private rankWord(word: number) {
    const bits = this.wordBits[word];
    if (!bits || bits.size < indexTuning.rankedFrom) return undefined;
    const ranks = new Map<number, RoaringBitmap32>();
    // Each product's run read in the pools, not through views made for each of them.
    const pools = { entryWord: this.entryWords, entryPos: this.entryPositions };
    for (const ordinal of bits.toUint32Array()) {
      if (!this.partKeys.has(ordinal)) continue;
      const start = this.entryStart[ordinal] as number;
      rankBits(ranks, wordRank(pools, word, start, start + (this.entryCount[ordinal] as number))).add(ordinal);
    }
    this.wordRanks[word] = ranks;
    return ranks;
  }

  /**
   * Keeps `words` (each of `indexTuning.shapedFrom` products or more) by shape, in one pass through
   * the products' entries in order: at a million parts, 216 words in ~1 s, where finding each
   * word's run in each of its products took 7 s, and filing each product's shapes as the build took
   * it in took 9.
   */
  private shapeWords(words: number[]) {
    if (words.length === 0) return;
    const shaped = new Uint8Array(this.wordShapes.length);
    for (const word of words) {
      this.wordShapes[word] = { byKey: new Map(), list: [] };
      shaped[word] = 1;
    }
    const { entryWords, entryPositions } = this;
    for (let ordinal = 0; ordinal < this.ids.length; ordinal++) {
      if (!this.partKeys.has(ordinal)) continue;
      const to = (this.entryStart[ordinal] ?? 0) + (this.entryCount[ordinal] ?? 0);
      for (let start = this.entryStart[ordinal] ?? 0; start < to; ) {
        const word = entryWords[start] as number;
        let end = start + 1;
        while (end < to && entryWords[end] === word) end++;
        const shapes = shaped[word] === 1 ? this.wordShapes[word] : undefined;
        const bits = shapes && this.shapeBits(word, shapes, entryPositions, start, end);
        if (bits) this.addLater(bits, ordinal);
        start = end;
      }
    }
    this.addPendingBitmaps();
  }

  /**
   * The products of a word's shape (its run of positions: `positions` from `start` to `end`),
   * undefined once it has too many shapes to keep.
   */
  private shapeBits(
    word: number,
    shapes: WordShapes,
    positions: Uint16Array,
    start: number,
    end: number,
  ): RoaringBitmap32 | undefined {
    const key = shapeKey(positions, start, end);
    let at = shapes.byKey.get(key);
    if (at === undefined) {
      if (shapes.list.length >= MAX_SHAPES) {
        for (const { bits } of shapes.list) {
          this.pending.delete(bits);
          bits.dispose();
        }
        this.wordShapes[word] = null;
        return undefined;
      }
      at = shapes.list.length;
      shapes.byKey.set(key, at);
      shapes.list.push({ entries: positions.slice(start, end), bits: new RoaringBitmap32() });
    }
    return shapes.list[at]?.bits;
  }

  private partKeyBitmap(piece: string) {
    let bits = this.partKeyBits.get(piece);
    if (!bits) {
      bits = new RoaringBitmap32();
      this.partKeyBits.set(piece, bits);
    }
    return bits;
  }

  /** What a part key is filed under: its first two characters (prefix) and its trigrams. */
  private static partKeyPieces(partKey: string) {
    const pieces = new Set([`^${partKey.slice(0, 2)}`]);
    for (let i = 0; i + 3 <= partKey.length; i++) pieces.add(partKey.slice(i, i + 3));
    return pieces;
  }

  /** The listed products whose part key starts with (or, `anywhere`, holds) `key`. */
  private partKeyMatches(key: string, anywhere: boolean, scratch: Scratch): RoaringBitmap32 {
    const none = scratch.keep(new RoaringBitmap32());
    let candidates: RoaringBitmap32;
    if (!anywhere && key.length >= 2) candidates = this.partKeyBits.get(`^${key.slice(0, 2)}`) ?? none;
    else if (anywhere && key.length >= 3) {
      const pieces = [...CatalogueIndex.partKeyPieces(key)].filter((piece) => !piece.startsWith("^"));
      candidates = scratch.and(...pieces.map((piece) => this.partKeyBits.get(piece) ?? none));
    } else candidates = this.listed;
    // A key of one piece ('gw' as a prefix, '100' anywhere) is its bitmap: nothing to check.
    if (key.length === (anywhere ? 3 : 2)) return scratch.and(candidates);
    return scratch.keep(
      filtered(candidates, (ordinal) =>
        anywhere ? this.partKeys.includes(ordinal, key) : this.partKeys.startsWith(ordinal, key),
      ),
    );
  }

  private wordId(word: string) {
    const id = this.words.add(word);
    if (id === this.wordBits.length) {
      this.wordBits.push(undefined);
      this.wordRanks.push(undefined);
      this.wordShapes.push(undefined);
      this.wordCounts = atLeast(this.wordCounts, id + 1);
      this.rareStart = atLeast(this.rareStart, id + 1);
      this.rareCount = atLeast(this.rareCount, id + 1);
      this.rareRoom = atLeast(this.rareRoom, id + 1);
    }
    return id;
  }

  private valueId(attributeId: number, num: number | null, txt: string | null) {
    const key = valueKey(attributeId, num, txt);
    let id = this.valueIds.get(key);
    if (id === undefined) {
      id = this.values.length;
      this.valueIds.set(key, id);
      this.values.push({ attributeId, num, txt, bits: new RoaringBitmap32() });
      const ofAttribute = this.valuesOfAttribute.get(attributeId);
      if (ofAttribute) ofAttribute.push(id);
      else this.valuesOfAttribute.set(attributeId, [id]);
    }
    return id;
  }

  /** The product ids' ordinals, new ones numbered after the others. */
  private ordinal(id: string) {
    let ordinal = this.ids.ordinalOf(id);
    if (ordinal === undefined) {
      ordinal = this.ids.add(id);
    }
    return ordinal;
  }

  /**
   * Takes in the products as they are now, and takes out those gone (`removed`). Returns whether
   * the sort orders changed (a product listed or unlisted, or what it is sorted by changed): they
   * are then read again (setOrders), and until then sorted pages come from SQL.
   */
  apply(products: Iterable<IndexedProduct>, removed: string[] = []): boolean {
    for (const id of removed) {
      const ordinal = this.ids.ordinalOf(id);
      if (ordinal !== undefined && this.partKeys.has(ordinal)) {
        this.takeOut(ordinal);
        this.reordering = true;
      }
    }
    for (const product of products) this.takeIn(product);
    return this.settle();
  }

  /**
   * Takes in a product as it is now, listed or not: as `apply` does, one product at a time for a
   * build reading them as they arrive. Until `settle`, answers may miss it.
   */
  takeIn(product: IndexedProduct) {
    const ordinal = this.ordinal(product.id);
    const held = this.partKeys.has(ordinal);
    if (held) this.takeOut(ordinal);
    if (product.status !== "active") {
      this.reordering ||= held;
      return;
    }
    this.reordering ||= !held || this.sortKeys[ordinal] !== product.sortKey;
    this.putIn(ordinal, product);
  }

  /** Completes what `takeIn` took in since the last call; returns whether the sort orders changed (as `apply`). */
  settle(): boolean {
    this.addPending();
    // Most products are listed: kept as runs of ordinals, an intersection with it copies the other
    // bitmap's chunks, where roaring-wasm 1.1 intersects two dense chunks (bitsets) a byte at a
    // time (at a million parts, every part and 20 % of them: an `and` 18 µs against 786).
    this.listed.runOptimize();
    this.version++;
    const reorder = this.reordering;
    this.reordering = false;
    if (reorder) {
      this.ordersCurrent = false;
      this.ordersVersion++;
    }
    return reorder;
  }

  /** Adds `ordinal` to `bits` when the products being taken in are all in (`addPending`). */
  private addLater(bits: RoaringBitmap32, ordinal: number) {
    const ordinals = this.pending.get(bits);
    if (ordinals) ordinals.push(ordinal);
    else this.pending.set(bits, [ordinal]);
  }

  private addWordLater(word: number, ordinal: number) {
    if (this.pendingWordsUsed + 2 > this.pendingWords.length)
      this.pendingWords = atLeast(this.pendingWords, this.pendingWordsUsed + 2);
    this.pendingWords[this.pendingWordsUsed++] = word;
    this.pendingWords[this.pendingWordsUsed++] = ordinal;
  }

  /** The additions put off while taking products in, a bitmap at a time; then the words that now have enough products to keep by rank. */
  private addPending() {
    this.addPendingBitmaps();
    this.addPendingWords();
    for (const word of this.rankLater) if (!this.wordRanks[word]) this.rankWord(word);
    this.rankLater.clear();
    this.shapeWords([...this.shapeLater].filter((word) => this.wordShapes[word] === undefined));
    this.shapeLater.clear();
    this.tallyWords([...this.tallyLater].filter((word) => !this.wordTallies[word]));
    this.tallyLater.clear();
  }

  private addPendingBitmaps() {
    for (const [bits, ordinals] of this.pending) bits.addMany(ordinals);
    this.pending.clear();
  }

  /** The words' additions, each word's ordinals sorted (roaring takes sorted ones several times faster). */
  private addPendingWords() {
    const pairs = this.pendingWords;
    const count = this.pendingWordsUsed / 2;
    this.pendingWordsUsed = 0;
    // A change of a few products: its few words one by one, not a pass over every word.
    if (count < 4096) {
      for (let i = 0; i < count; i++) this.addToWord(pairs[2 * i] as number, pairs.subarray(2 * i + 1, 2 * i + 2));
      return;
    }
    const words = this.wordBits.length;
    const ends = new Int32Array(words + 1);
    for (let i = 0; i < count; i++)
      ends[(pairs[2 * i] as number) + 1] = (ends[(pairs[2 * i] as number) + 1] as number) + 1;
    for (let word = 0; word < words; word++) ends[word + 1] = (ends[word + 1] as number) + (ends[word] as number);
    const next = ends.slice(0, words);
    const ordinals = new Uint32Array(count);
    for (let i = 0; i < count; i++) {
      const word = pairs[2 * i] as number;
      const at = next[word] as number;
      ordinals[at] = pairs[2 * i + 1] as number;
      next[word] = at + 1;
    }
    for (let word = 0; word < words; word++) {
      const from = ends[word] as number;
      const to = ends[word + 1] as number;
      if (from < to) this.addToWord(word, ordinals.subarray(from, to).sort());
    }
  }

  /** Adds these ordinals (not the word's yet) to a word's products: its run, or its bitmap once more than rare. */
  private addToWord(word: number, ordinals: Int32Array | Uint32Array) {
    const bits = this.wordBits[word];
    if (bits) {
      bits.addMany(ordinals);
      return;
    }
    const count = this.rareCount[word] as number;
    const total = count + ordinals.length;
    if (total > indexTuning.rareUpTo) {
      const all = new Uint32Array(total);
      all.set(this.rareRun(word));
      all.set(ordinals, count);
      this.wordBits[word] = RoaringBitmap32.from(all.sort());
      this.rareCount[word] = 0;
      this.rareRoom[word] = 0;
      return;
    }
    if (total > (this.rareRoom[word] as number)) {
      // Exactly what a build's batch gives it; twice that for a word gaining products one by one.
      const room = Math.min(indexTuning.rareUpTo, count === 0 ? total : total * 2);
      if (this.rareUsed + room > this.rarePool.length) this.rarePool = atLeast(this.rarePool, this.rareUsed + room);
      this.rarePool.copyWithin(this.rareUsed, this.rareStart[word] as number, (this.rareStart[word] as number) + count);
      this.rareStart[word] = this.rareUsed;
      this.rareRoom[word] = room;
      this.rareUsed += room;
    }
    this.rarePool.set(ordinals, (this.rareStart[word] as number) + count);
    this.rareCount[word] = total;
  }

  /** A rare word's products, in no order (a view of the pool). */
  private rareRun(word: number) {
    const start = this.rareStart[word] as number;
    return this.rarePool.subarray(start, start + (this.rareCount[word] as number));
  }

  private removeFromWord(word: number, ordinal: number) {
    const bits = this.wordBits[word];
    if (bits) {
      bits.remove(ordinal);
      return;
    }
    const run = this.rareRun(word);
    const at = run.indexOf(ordinal);
    if (at < 0) return;
    run[at] = run[run.length - 1] as number;
    this.rareCount[word] = run.length - 1;
  }

  /** A word's products as a bitmap: its own, or one made of its run for this answer. */
  private wordBitmap(word: number | undefined, scratch: Scratch): RoaringBitmap32 {
    const bits = word === undefined ? undefined : this.wordBits[word];
    if (bits) return bits;
    const run = word === undefined ? new Int32Array(0) : this.rareRun(word);
    return scratch.keep(RoaringBitmap32.from(Uint32Array.from(run).sort()));
  }

  /** Lays the rare words' runs out anew, each with no more room than it has products. */
  private layOutRareWords() {
    let size = 0;
    for (let word = 0; word < this.wordBits.length; word++) size += this.rareCount[word] as number;
    const pool = new Int32Array(Math.max(1 << 16, Math.ceil(size * (1 + LAID_OUT_HEADROOM))));
    let used = 0;
    for (let word = 0; word < this.wordBits.length; word++) {
      const count = this.rareCount[word] as number;
      pool.set(this.rareRun(word), used);
      this.rareStart[word] = used;
      this.rareRoom[word] = count;
      used += count;
    }
    this.rarePool = pool;
    this.rareUsed = used;
  }

  /**
   * Room in every array kept by product for `ordinal`: one comparison a product taken in, not one
   * an array (atLeast's, on five kinds of array, was 2.5 s of a million-part build).
   */
  private holdOrdinal(ordinal: number) {
    // All grow together: the sort keys' length is every one's.
    if (ordinal < this.sortKeys.length) return;
    const room = Math.max(ordinal + 1, Math.ceil(this.sortKeys.length * 1.5));
    this.categoryGroup = atLeast(this.categoryGroup, room);
    this.subcategoryGroup = atLeast(this.subcategoryGroup, room);
    this.brandGroup = atLeast(this.brandGroup, room);
    this.sortKeys = atLeast(this.sortKeys, room);
    this.prices = atLeast(this.prices, room);
    this.ratings = atLeast(this.ratings, room);
    this.reviewCounts = atLeast(this.reviewCounts, room);
    this.featuredFlags = atLeast(this.featuredFlags, room);
    this.entryStart = atLeast(this.entryStart, room);
    this.entryCount = atLeast(this.entryCount, room);
  }

  private putIn(ordinal: number, product: IndexedProduct) {
    this.holdOrdinal(ordinal);
    this.addLater(this.listed, ordinal);
    if (product.stockLevel > 0) this.addLater(this.inStock, ordinal);
    this.categoryGroup[ordinal] = this.fileInGroup(`c:${product.category}`, ordinal);
    this.subcategoryGroup[ordinal] = this.fileInGroup(`s:${product.subcategory}`, ordinal);
    this.brandGroup[ordinal] = this.fileInGroup(`b:${product.brand}`, ordinal);
    for (const piece of CatalogueIndex.partKeyPieces(product.partKey))
      this.addLater(this.partKeyBitmap(piece), ordinal);
    const words = product.words.map((word) => this.wordId(word));
    for (const word of words) this.addWordLater(word, ordinal);
    for (const bits of this.keptPrefixesOf(words)) this.addLater(bits, ordinal);
    const values = product.values.map(([attributeId, num, txt]) => this.valueId(attributeId, num, txt));
    for (const value of values) this.addLater((this.values[value] as { bits: RoaringBitmap32 }).bits, ordinal);
    this.valueEntries += values.length;
    this.slotValues(ordinal, values);
    this.storeEntries(ordinal, this.numbered(product.entryWord, words), product.entryPos);
    this.partKeys.set(ordinal, product.partKey);
    const positioned = this.positionedOf(ordinal);
    eachWordRank(positioned, (word, rank, start, end) => {
      const ranks = this.wordRanks[word];
      const count = (this.wordCounts[word] ?? 0) + 1;
      this.wordCounts[word] = count;
      if (ranks) this.addLater(rankBits(ranks, rank), ordinal);
      else if (count >= indexTuning.rankedFrom) this.rankLater.add(word);
      // A build shapes its words once, when laid out (layOut).
      const shapes = this.buildingSize === 0 ? this.wordShapes[word] : null;
      if (shapes) {
        const bits = this.shapeBits(word, shapes, positioned.entryPos, start, end);
        if (bits) this.addLater(bits, ordinal);
      } else if (shapes === undefined && count >= indexTuning.shapedFrom) this.shapeLater.add(word);
      const tally = this.wordTallies[word];
      if (tally) this.tallyIn(tally, ordinal, 1);
      else if (this.buildingSize === 0 && count >= indexTuning.talliedFrom) this.tallyLater.add(word);
    });
    if (product.featured) this.addLater(this.featuredBits, ordinal);
    this.sortKeys[ordinal] = product.sortKey;
    this.prices[ordinal] = product.price;
    this.ratings[ordinal] = product.rating;
    this.reviewCounts[ordinal] = product.reviewCount;
    this.featuredFlags[ordinal] = product.featured ? 1 : 0;
    for (const kept of this.keptPhrases.values()) {
      // A word of the phrase no product had when it was kept has an id now, perhaps.
      if (kept.probe.ids.includes(-1)) Object.assign(kept, this.phraseTools(kept.node, kept.probe.test));
      if (!this.holdsAt(kept.probe, ordinal)) continue;
      this.addLater(kept.bits, ordinal);
      this.addLater(rankBits(kept.ranks, this.rankAt(kept.rankOf, ordinal)), ordinal);
    }
    this.nameTrigrams.add(ordinal, product.name);
  }

  /** Entries' words as the index numbers them (`words`: the index's id of each of the product's own), in a buffer reused from product to product. */
  private numbered(entryWord: Int32Array, words: number[]) {
    this.numberedWords = atLeast(this.numberedWords, entryWord.length);
    for (let i = 0; i < entryWord.length; i++) this.numberedWords[i] = words[entryWord[i] as number] ?? -1;
    return this.numberedWords.subarray(0, entryWord.length);
  }

  /** A held product's entries, as views of the pools (good until the index next takes products in). */
  private positionedOf(ordinal: number): PositionedWords {
    const start = this.entryStart[ordinal] ?? 0;
    const end = start + (this.entryCount[ordinal] ?? 0);
    return { entryWord: this.entryWords.subarray(start, end), entryPos: this.entryPositions.subarray(start, end) };
  }

  /**
   * Files a product's entries (by the index's own word ids, grouped by word) at the end of the
   * pools, its words' groups in the order of those ids (rank.ts, PositionedWords).
   */
  private storeEntries(ordinal: number, entryWord: Int32Array, entryPos: Uint16Array) {
    const count = entryWord.length;
    if (this.entriesUsed + count > this.entryWords.length) {
      // Nothing left behind (a build): the pools copied as they are, not run by run.
      if (this.entriesLive === this.entriesUsed) {
        const room = Math.max(this.entriesUsed + count, this.foretoldEntries(ordinal));
        this.entryWords = atLeast(this.entryWords, room);
        this.entryPositions = atLeast(this.entryPositions, room);
      } else this.compactEntries(count);
    }
    // Each word's first entry, in the order of the words' ids: sorted by insertion in an array kept
    // from product to product (an array and a sort with a comparator a product were a GB made at a
    // million parts). A product has a few dozen words.
    this.groupStarts = atLeast(this.groupStarts, count);
    const groups = this.groupStarts;
    let groupCount = 0;
    for (let i = 0; i < count; i++) {
      if (i > 0 && entryWord[i] === entryWord[i - 1]) continue;
      const word = entryWord[i] as number;
      let j = groupCount++;
      for (; j > 0 && (entryWord[groups[j - 1] as number] as number) > word; j--) groups[j] = groups[j - 1] as number;
      groups[j] = i;
    }
    let at = this.entriesUsed;
    for (let g = 0; g < groupCount; g++) {
      const from = groups[g] as number;
      const word = entryWord[from] as number;
      for (let i = from; i < count && entryWord[i] === word; i++, at++) {
        this.entryWords[at] = word;
        this.entryPositions[at] = entryPos[i] as number;
      }
    }
    this.entryStart[ordinal] = this.entriesUsed;
    this.entryCount[ordinal] = count;
    this.entriesUsed += count;
    this.entriesLive += count;
  }

  /** Numbers these products, in this order, before they are taken in (a new index). */
  number(ids: string[]) {
    for (const id of ids) this.ordinal(id);
    this.buildingSize = this.ids.length;
    // The arrays kept by product made their full size once, not grown by half some 20 times.
    if (this.ids.length > 0) this.holdOrdinal(this.ids.length - 1);
  }

  /**
   * While a build takes in the products it numbered, in their order (`ordinal` of them so far):
   * the entries those taken so far foretell for them all, and a twentieth more. The pools then grow
   * about once rather than sixteen times by half (a million parts: 3.2 s of copying a build).
   */
  private foretoldEntries(ordinal: number) {
    if (this.buildingSize === 0 || ordinal < 1_000) return 0;
    return Math.ceil((this.entriesUsed / ordinal) * this.buildingSize * 1.05);
  }

  /**
   * Lays the products' entries out in the pools in the order of their numbers, in pools of their
   * size and a little more: grown by half while taking products in, they held up to half again of
   * what they had (a million parts' 46 million entries: 137 MB); the rare words' runs likewise,
   * and the words put in order for the first prefix asked.
   */
  layOut() {
    this.buildingSize = 0;
    this.compactEntries(0, LAID_OUT_HEADROOM);
    this.layOutRareWords();
    this.words.inOrder();
    // All at once rather than product by product as they came in (shapeWords, tallyWords).
    const common = [];
    const tallied = [];
    for (let word = 0; word < this.wordShapes.length; word++) {
      const count = this.wordCounts[word] ?? 0;
      if (this.wordShapes[word] === undefined && count >= indexTuning.shapedFrom) common.push(word);
      if (!this.wordTallies[word] && count >= indexTuning.talliedFrom) tallied.push(word);
    }
    this.shapeWords(common);
    this.tallyWords(tallied);
  }

  /**
   * Counts each word's products by spec value, category and brand (wordTallies), the commonest
   * words first while `indexTuning.tallyBytes` allow: at a million parts 236 words in ~0.4 s.
   */
  private tallyWords(words: number[]) {
    const bytes = 4 * (this.values.length + this.groupsByNumber.length);
    const room = Math.floor(indexTuning.tallyBytes / bytes) - this.tallied;
    if (words.length === 0 || room <= 0) return;
    const commonest = words.sort((a, b) => (this.wordCounts[b] ?? 0) - (this.wordCounts[a] ?? 0)).slice(0, room);
    for (const word of commonest) {
      const bits = this.wordBits[word];
      const walked = bits ? this.walk(bits) : Uint32Array.from(this.rareRun(word));
      const tally = {
        products: walked.length,
        values: new Int32Array(this.values.length),
        groups: new Int32Array(this.groupsByNumber.length),
      };
      countValues(walked, this.valueSlots, this.valueWidth, tally.values);
      countGroups(walked, this.categoryGroup, tally.groups);
      countGroups(walked, this.brandGroup, tally.groups);
      this.wordTallies[word] = tally;
      this.tallied++;
    }
  }

  /** Counts a held product in (1) or out (-1) of a word's tally: its spec values, category and brand. */
  private tallyIn(tally: WordTally, ordinal: number, by: 1 | -1) {
    const values = atLeast(tally.values, this.values.length);
    for (const value of this.valuesOf(ordinal)) values[value] = (values[value] as number) + by;
    const groups = atLeast(tally.groups, this.groupsByNumber.length);
    const category = this.categoryGroup[ordinal] as number;
    const brand = this.brandGroup[ordinal] as number;
    groups[category] = (groups[category] as number) + by;
    groups[brand] = (groups[brand] as number) + by;
    tally.products += by;
    tally.values = values;
    tally.groups = groups;
  }

  /**
   * Keeps the products of each character that starts many words (keptPrefix), before any buyer
   * types one: at a million parts 37 characters in ~1 s, where each of the first buyers to type
   * one waited 15-40 ms ('4 1/2 g' typed asks four). Done once, by the warm-up at start
   * (search.ts, warmUpSearch), not by the build, which may run again while the store serves.
   */
  keepPrefixesOfOneCharacter() {
    const ids = this.words.inOrder();
    for (let from = 0; from < ids.length; ) {
      const unit = this.words.firstUnit(ids[from] as number);
      if (unit < 0) {
        from++;
        continue;
      }
      const prefix = String.fromCharCode(unit);
      const words = this.words.startingWith(prefix);
      if (words.to - words.from >= indexTuning.keptPrefixFrom) this.keptPrefix(prefix, words);
      from = words.to;
    }
  }

  /**
   * The products with a word starting with `prefix`, exactly among those `within`: its words'
   * products or-ed, or, when reading `within`'s entries costs less than that
   * (`indexTuning.entriesPerPrefixWord`), each of them read for such a word ('hose c': 'c' starts
   * 8,500 words at a million parts).
   */
  private prefixMatches(prefix: string, scratch: Scratch, within: RoaringBitmap32 | undefined) {
    const words = this.words.startingWith(prefix);
    const { ids, from, to } = words;
    const kept = to - from >= indexTuning.keptPrefixFrom ? this.keptPrefix(prefix, words) : undefined;
    if (kept) return scratch.and(kept, within);
    const entriesPerProduct = this.listed.size === 0 ? 0 : this.entriesLive / this.listed.size;
    if (within && within.size * entriesPerProduct < (to - from) * indexTuning.entriesPerPrefixWord) {
      const marked = this.wordMarks();
      for (let at = from; at < to; at++) marked[ids[at] as number] = 1;
      const found: number[] = [];
      for (const ordinal of within.toUint32Array()) if (this.holdsMarkedWord(ordinal, marked)) found.push(ordinal);
      for (let at = from; at < to; at++) marked[ids[at] as number] = 0;
      return scratch.keep(RoaringBitmap32.from(found));
    }
    return scratch.keep(this.productsOf(words));
  }

  /** The products of the words `ids` from `from` to `to`, or-ed into a new bitmap. */
  private productsOf({ ids, from, to }: WordRange) {
    const result = new RoaringBitmap32();
    // The rare words' runs added in one call: most of a prefix's words are part numbers' (one product each).
    const rare: number[] = [];
    for (let at = from; at < to; at++) {
      const word = ids[at] as number;
      const bits = this.wordBits[word];
      if (bits) result.orInPlace(bits);
      else rare.push(...this.rareRun(word));
    }
    result.addMany(rare.sort((a, b) => a - b));
    return result;
  }

  /**
   * The products of a prefix that starts many words, or-ed once and then kept current as products
   * are taken in and out (keptPrefixesOf); undefined once `indexTuning.mostKeptPrefixes` are kept.
   */
  private keptPrefix(prefix: string, words: WordRange): RoaringBitmap32 | undefined {
    const first = prefix.charCodeAt(0);
    const kept = this.keptPrefixes.get(first) ?? [];
    const known = kept.find((entry) => entry.prefix === prefix);
    if (known) return known.bits;
    const count = [...this.keptPrefixes.values()].reduce((sum, list) => sum + list.length, 0);
    if (count >= indexTuning.mostKeptPrefixes) return undefined;
    const bits = this.productsOf(words);
    kept.push({ prefix, bits });
    this.keptPrefixes.set(first, kept);
    return bits;
  }

  /** The kept prefixes' products that the words start (each once), for a product taken in or out with them. */
  private keptPrefixesOf(words: Iterable<number>): Set<RoaringBitmap32> {
    const found = new Set<RoaringBitmap32>();
    if (this.keptPrefixes.size === 0) return found;
    for (const word of words)
      for (const kept of this.keptPrefixes.get(this.words.firstUnit(word)) ?? [])
        if (this.words.startsWith(word, kept.prefix)) found.add(kept.bits);
    return found;
  }

  /**
   * Marks the ids of the words a tree of words and prefixes or-ed matches, each listed in `marked`
   * (to be unmarked); false for any other tree.
   */
  private markWords(node: TsNode, marks: Uint8Array, marked: number[]): boolean {
    if (node.op === "or") return this.markWords(node.left, marks, marked) && this.markWords(node.right, marks, marked);
    if (node.op !== "word") return false;
    if (!node.prefix) {
      const id = this.words.idOf(node.word);
      if (id !== undefined) {
        marks[id] = 1;
        marked.push(id);
      }
      return true;
    }
    const { ids, from, to } = this.words.startingWith(node.word);
    for (let at = from; at < to; at++) {
      marks[ids[at] as number] = 1;
      marked.push(ids[at] as number);
    }
    return true;
  }

  /**
   * Suggestions for words typed and the last one being typed ('grinding w'): the most popular of
   * what the words before it match (`found`) read in order, each for a word `last` matches, until
   * `limit` are found or as many were read as or-ing the last word's words would cost
   * (`indexTuning.popularReadsPerWord`; then undefined: the last word's matches are found first).
   * At a million parts the 8 most popular of 118,511 'grind' matches with a 'w' word lie 311,150
   * products down the order; or-ing the 8,575 words 'w' starts first took 23-35 ms.
   *
   * The walk asks the bitmap at each step while it is expected to be short, for its first
   * `indexTuning.callsBeforeMarks` steps at most; then the matches are marked (markFrom) and the
   * walk goes on from the first of them. All of them may lie far down the order: the 187,019
   * 'sanding' products of a million parts start 592,000 steps down, where 'sanding di' asked the
   * bitmap at every step (5-8 ms a suggestion).
   */
  private popularFirst(found: RoaringBitmap32, last: TsNode, limit: number): string[] | undefined {
    const order = (this.orders as Record<IndexSort, Int32Array>).popularity;
    const places = (this.positions as Record<IndexSort, Int32Array>).popularity;
    if (found.isEmpty) return [];
    // Few matches lie far apart in that order ('end', 4,417 products at a million: 5 ms walking to
    // them, against 1 or-ing the last word's words first).
    if (found.size * 32 < order.length) return undefined;
    const marks = this.wordMarks();
    const marked: number[] = [];
    let matching: Uint32Array | undefined;
    const matches = this.marks(this.ids.length);
    try {
      if (!this.markWords(last, marks, marked)) return undefined;
      const most = marked.length * indexTuning.popularReadsPerWord;
      // A step of the walk asks the bitmap (a WebAssembly call) when the walk is expected to be
      // short; else `found`'s matches are marked by ordinal first (a step or two each, there and back).
      const expectedLong = ((most * order.length) / found.size) * indexTuning.bitmapCallSteps > found.size * 2;
      const marksFrom = expectedLong ? 0 : indexTuning.callsBeforeMarks;
      const picked: number[] = [];
      let reads = 0;
      let step = 0;
      for (; step < order.length && picked.length < limit && reads < most; step++) {
        if (step === marksFrom) {
          matching = this.walk(found);
          step = Math.max(step, markFrom(matching, matches, places));
          if (step >= order.length) break;
        }
        const ordinal = order[step] as number;
        if (matching ? matches[ordinal] !== 1 : !found.has(ordinal)) continue;
        reads++;
        if (this.holdsMarkedWord(ordinal, marks)) picked.push(ordinal);
      }
      if (picked.length < limit && step < order.length) return undefined;
      return picked.map((ordinal) => this.ids.idAt(ordinal));
    } finally {
      for (const id of marked) marks[id] = 0;
      if (matching) unmark(matching, matches);
    }
  }

  /** Whether a held product has a word marked in `marks` (wordMarks). */
  private holdsMarkedWord(ordinal: number, marks: Uint8Array) {
    const start = this.entryStart[ordinal] as number;
    const end = start + (this.entryCount[ordinal] as number);
    for (let at = start; at < end; at++) if (marks[this.entryWords[at] as number] === 1) return true;
    return false;
  }

  /** A zeroed mark per word, reused from answer to answer (each use leaves it zeroed). */
  private wordMarks() {
    if (this.wordMarkBuffer.length < this.wordBits.length)
      this.wordMarkBuffer = new Uint8Array(Math.max(this.wordBits.length, this.wordMarkBuffer.length * 2));
    return this.wordMarkBuffer;
  }

  /** New pools holding the live runs, with room for `more` entries and `headroom` of it all again. */
  private compactEntries(more: number, headroom = 0.5) {
    const size = Math.max(1 << 16, Math.ceil((this.entriesLive + more) * (1 + headroom)));
    const words = new Int32Array(size);
    const positions = new Uint16Array(size);
    let used = 0;
    for (let ordinal = 0; ordinal < this.entryCount.length; ordinal++) {
      const start = this.entryStart[ordinal] as number;
      const count = this.entryCount[ordinal] as number;
      words.set(this.entryWords.subarray(start, start + count), used);
      positions.set(this.entryPositions.subarray(start, start + count), used);
      this.entryStart[ordinal] = used;
      used += count;
    }
    this.entryWords = words;
    this.entryPositions = positions;
    this.entriesUsed = used;
  }

  /** Files a product's values in its slots, widening every product's slots when it has more than they hold. */
  private slotValues(ordinal: number, values: number[]) {
    if (values.length > this.valueWidth) {
      const [before, width] = [this.valueWidth, values.length];
      const held = Math.floor(this.valueSlots.length / before);
      const wider = new Int32Array(Math.max(held, this.ids.length) * width).fill(-1);
      for (let at = 0; at < held; at++) wider.set(this.valueSlots.subarray(at * before, (at + 1) * before), at * width);
      this.valueSlots = wider;
      this.valueWidth = width;
    }
    const start = ordinal * this.valueWidth;
    if (this.valueSlots.length < start + this.valueWidth) {
      const grown = new Int32Array(Math.max(start + this.valueWidth, this.valueSlots.length * 2)).fill(-1);
      grown.set(this.valueSlots);
      this.valueSlots = grown;
    }
    this.valueSlots.fill(-1, start, start + this.valueWidth);
    this.valueSlots.set(values, start);
  }

  /** The spec values a product is filed under. */
  private valuesOf(ordinal: number) {
    const slots = this.valueSlots.subarray(ordinal * this.valueWidth, (ordinal + 1) * this.valueWidth);
    const end = slots.indexOf(-1);
    return end < 0 ? slots : slots.subarray(0, end);
  }

  private takeOut(ordinal: number) {
    const partKey = this.partKeys.get(ordinal);
    if (partKey === undefined) return;
    // Taken out again in the same batch (the same product twice): what it was given goes in first.
    if (this.pending.size > 0 || this.pendingWordsUsed > 0) this.addPending();
    this.listed.remove(ordinal);
    this.inStock.remove(ordinal);
    for (const groups of [this.categoryGroup, this.subcategoryGroup, this.brandGroup])
      this.groupsByNumber[groups[ordinal] as number]?.remove(ordinal);
    for (const piece of CatalogueIndex.partKeyPieces(partKey)) this.partKeyBits.get(piece)?.remove(ordinal);
    // Its words are those of its positions (taken out once each; again is nothing).
    const positioned = this.positionedOf(ordinal);
    for (const word of positioned.entryWord) this.removeFromWord(word, ordinal);
    for (const bits of this.keptPrefixesOf(positioned.entryWord)) bits.remove(ordinal);
    eachWordRank(positioned, (word, rank, start, end) => {
      this.wordRanks[word]?.get(rank)?.remove(ordinal);
      const shapes = this.wordShapes[word];
      const shape = shapes?.byKey.get(shapeKey(positioned.entryPos, start, end));
      if (shape !== undefined) shapes?.list[shape]?.bits.remove(ordinal);
      const tally = this.wordTallies[word];
      if (tally) this.tallyIn(tally, ordinal, -1);
      this.wordCounts[word] = (this.wordCounts[word] ?? 1) - 1;
    });
    this.featuredBits.remove(ordinal);
    this.featuredFlags[ordinal] = 0;
    for (const kept of this.keptPhrases.values()) {
      if (!kept.bits.has(ordinal)) continue;
      kept.bits.remove(ordinal);
      kept.ranks.get(this.rankAt(kept.rankOf, ordinal))?.remove(ordinal);
    }
    this.nameTrigrams.remove(ordinal);
    for (const value of this.valuesOf(ordinal)) {
      this.values[value]?.bits.remove(ordinal);
      this.valueEntries--;
    }
    this.slotValues(ordinal, []);
    this.entriesLive -= this.entryCount[ordinal] ?? 0;
    this.entryCount[ordinal] = 0;
    this.partKeys.clear(ordinal);
  }

  /**
   * The six sort orders from the two the database sorted (./load.ts): by name (and part number),
   * and by popularity. The other four sort by numbers the index holds (featured, reviews, price,
   * rating; none null), then as the name order does: sorted here by those numbers, their ties by
   * their place in it. The products are those of the name order, as the index holds them now.
   */
  ordersFrom({ byName, popularity }: ReadOrders): Record<IndexSort, Int32Array> {
    const nameRank = new Int32Array(this.ids.length);
    for (let rank = 0; rank < byName.length; rank++) nameRank[byName[rank] as number] = rank;
    const { prices, ratings, reviewCounts, featuredFlags: featured } = this;
    const at = (values: { [ordinal: number]: number }, ordinal: number) => values[ordinal] as number;
    const sorted = (compare: (a: number, b: number) => number) =>
      byName.slice().sort((a, b) => compare(a, b) || at(nameRank, a) - at(nameRank, b));
    const mostReviewed = (a: number, b: number) => at(reviewCounts, b) - at(reviewCounts, a);
    const priceAsc = sorted((a, b) => at(prices, a) - at(prices, b));
    return {
      featured: sorted((a, b) => at(featured, b) - at(featured, a) || mostReviewed(a, b)),
      "price-asc": priceAsc,
      "price-desc": highestFirst(priceAsc, prices),
      "rating-desc": sorted((a, b) => at(ratings, b) - at(ratings, a) || mostReviewed(a, b)),
      name: byName,
      popularity,
    };
  }

  /** The sort orders as the database sorted the listed products' ids (./load.ts), read at `version`. */
  setOrders(orders: Record<IndexSort, readonly string[] | Int32Array>, version: number) {
    const capacity = this.ids.length;
    const ordinals = {} as Record<IndexSort, Int32Array>;
    const positions = {} as Record<IndexSort, Int32Array>;
    for (const sort of indexSorts) {
      const order = orders[sort];
      const list = order instanceof Int32Array ? order : this.ordinalsOf(order);
      ordinals[sort] = list;
      const at = new Int32Array(capacity).fill(-1);
      for (let position = 0; position < list.length; position++) at[list[position] as number] = position;
      positions[sort] = at;
    }
    this.orders = ordinals;
    this.positions = positions;
    // Orders read before a later change of what they sort by are stale already.
    this.ordersCurrent =
      version === this.ordersVersion && ordinals.name.length === this.listed.size && list(this.listed, ordinals.name);
  }

  /** The ordinals of these product ids, in their order (ids never numbered left out). */
  ordinalsOf(ids: readonly string[]): Int32Array {
    const ordinals = new Int32Array(ids.length);
    let count = 0;
    for (const id of ids) {
      const ordinal = this.ids.ordinalOf(id);
      if (ordinal !== undefined) ordinals[count++] = ordinal;
    }
    return ordinals.slice(0, count);
  }

  /** A company's catalogue as a bitmap, from its products' ids (the caller disposes it). */
  bitmapOf(ids: string[]) {
    const bits = new RoaringBitmap32();
    for (const id of ids) {
      const ordinal = this.ids.ordinalOf(id);
      if (ordinal !== undefined) bits.add(ordinal);
    }
    return bits;
  }

  /**
   * The products matching `node`, exactly among those `within` (outside them, any: the caller
   * keeps only those), so that a phrase tests where its words are only where it can matter;
   * `loose`: a superset, phrases taken as their words anywhere.
   */
  private matchTree(node: TsNode, scratch: Scratch, within?: RoaringBitmap32, loose = false): RoaringBitmap32 {
    if (node.op === "word") {
      if (!node.prefix) return scratch.and(this.wordBitmap(this.words.idOf(node.word), scratch));
      return this.prefixMatches(node.word, scratch, within);
    }
    if (node.op === "not")
      return scratch.keep(RoaringBitmap32.andNot(this.listed, this.matchTree(node.child, scratch, within)));
    const test = node.op === "phrase" && !loose ? positionTest(node) : undefined;
    // Its candidates, with its words anywhere, then those with them in place.
    if (test) {
      const kept = this.keptPhrases.size > 0 ? this.keptPhrases.get(phraseKey(node)) : undefined;
      if (kept) return scratch.and(kept.bits, within);
      return this.matchPositions(scratch.and(this.matchTree(node, scratch, within, true), within), test, scratch);
    }
    // With a prefix or a negation inside, a phrase's candidates are checked by PostgreSQL.
    if (node.op === "or")
      return scratch.keep(
        RoaringBitmap32.or(
          this.matchTree(node.left, scratch, within, loose),
          this.matchTree(node.right, scratch, within, loose),
        ),
      );
    // "And": the side without a phrase first, the other tested only among its matches.
    const [first, then] =
      hasPhrase(node.left) && !hasPhrase(node.right) ? [node.right, node.left] : [node.left, node.right];
    const found = this.matchTree(first, scratch, within, loose);
    return scratch.keep(RoaringBitmap32.and(found, this.matchTree(then, scratch, scratch.and(found, within), loose)));
  }

  /** The candidates whose words are where `test` (tsquery.ts, positionTest) wants them. */
  private matchPositions(candidates: RoaringBitmap32, test: PositionTest, scratch: Scratch): RoaringBitmap32 {
    const probe = this.probeOf(test);
    // Kept in an array and made a bitmap at once: one call into WebAssembly, not one per match.
    const matched: number[] = [];
    for (const ordinal of candidates.toUint32Array())
      if (this.partKeys.has(ordinal) && this.holdsAt(probe, ordinal)) matched.push(ordinal);
    return scratch.keep(RoaringBitmap32.from(matched));
  }

  /** A position test made ready to ask of product after product (its words by the index's ids). */
  private probeOf(test: PositionTest): PhraseProbe {
    const ids = test.words.map((word) => this.words.idOf(word) ?? -1);
    return { test, ids, positions: operandPositions(ids.length, 64) };
  }

  /** Whether the product's words are where the probe's test wants them. */
  private holdsAt(probe: PhraseProbe, ordinal: number): boolean {
    const { test, ids } = probe;
    const [words, places] = [this.entryWords, this.entryPositions];
    const start = this.entryStart[ordinal] ?? 0;
    const end = start + (this.entryCount[ordinal] ?? 0);
    if ((probe.positions.at[0]?.length ?? 0) < end - start) probe.positions = operandPositions(ids.length, end - start);
    const { count, at } = probe.positions;
    // Each operand's positions, found in its run of the pools by its word (rank.ts, PositionedWords).
    for (let k = 0; k < ids.length; k++) {
      const word = ids[k] as number;
      const list = at[k] as Int32Array;
      let found = 0;
      if (word >= 0)
        for (let i = firstEntryOf(words, start, end, word); i < end && words[i] === word; i++)
          list[found++] = (places[i] as number) >> 2;
      count[k] = found;
    }
    return test.holds(probe.positions);
  }

  /** The hyphenated words of `indexTuning.keptCompoundFrom` products or more, whose phrases are kept (keepPhrases). */
  commonCompounds(): string[] {
    const found: string[] = [];
    for (let word = 0; word < this.wordCounts.length; word++) {
      if ((this.wordCounts[word] as number) < indexTuning.keptCompoundFrom) continue;
      const text = this.words.wordAt(word);
      if (text?.includes("-")) found.push(text);
    }
    return found;
  }

  /**
   * Keeps the products of each of `phrases` (the operator's synonyms of several words, and the
   * common hyphenated words: asked often, and matched over thousands of candidates each time) as a
   * word's are, current through `apply`: a query holding one then takes its bitmap. Phrases kept
   * before and not in `phrases` are let go.
   */
  keepPhrases(phrases: TsNode[]) {
    const wanted = new Map(phrases.filter((node) => node.op === "phrase").map((node) => [phraseKey(node), node]));
    for (const [key, kept] of this.keptPhrases)
      if (!wanted.has(key)) {
        for (const bits of [kept.bits, ...kept.ranks.values()]) bits.dispose();
        this.keptPhrases.delete(key);
      }
    for (const [key, node] of wanted) {
      const test = positionTest(node);
      if (this.keptPhrases.has(key) || !test) continue;
      const scratch = new Scratch();
      try {
        const kept: KeptPhrase = {
          node,
          ...this.phraseTools(node, test),
          bits: this.matchTree(node, scratch).clone(),
          ranks: new Map(),
        };
        const byRank = new Map<number, number[]>();
        for (const ordinal of kept.bits.toUint32Array()) {
          const rank = this.rankAt(kept.rankOf, ordinal);
          const list = byRank.get(rank);
          if (list) list.push(ordinal);
          else byRank.set(rank, [ordinal]);
        }
        for (const [rank, ordinals] of byRank) kept.ranks.set(rank, RoaringBitmap32.from(ordinals));
        this.keptPhrases.set(key, kept);
      } finally {
        scratch.dispose();
      }
    }
  }

  /** A phrase's test and ranking function, by the index's word ids as they are now. */
  private phraseTools(node: TsNode, test: PositionTest): Pick<KeptPhrase, "probe" | "rankOf"> {
    const rankOf = rankerOf(node, (word) => this.words.idOf(word) ?? -1);
    if (!rankOf) throw new Error("A phrase of words only is ranked in memory.");
    return { probe: this.probeOf(test), rankOf };
  }

  /**
   * A match's score as the SQL ranks it: the part-number boost (100 for the key typed, 50 for the
   * parts it starts: `boosted`), its ts_rank_cd (a real), and the featured half point.
   */
  private relevance(
    ordinal: number,
    rank: number,
    boosted: { has(ordinal: number): boolean; readonly size: number },
    key: string,
  ) {
    // Most searches boost nothing: no lookup per match then.
    const boost = boosted.size === 0 || !boosted.has(ordinal) ? 0 : this.partKeys.equals(ordinal, key) ? 100 : 50;
    return boost + rank + (this.featuredFlags[ordinal] ?? 0) / 2;
  }

  /** A product's rank by `rankOf`, on its run of the pools. */
  private rankAt(rankOf: Ranker, ordinal: number) {
    const start = this.entryStart[ordinal] ?? 0;
    return rankOf(
      { entryWord: this.entryWords, entryPos: this.entryPositions },
      start,
      start + (this.entryCount[ordinal] ?? 0),
    );
  }

  /**
   * The `limit` most popular listed products whose words match what a buyer is typing (a tsquery
   * of prefixes): the header's suggestions. Undefined when a phrase of prefixes or stale orders leave it to SQL.
   */
  suggest(tree: TsNode, catalogue: RoaringBitmap32 | null, limit: number): string[] | undefined {
    if (!this.ordersCurrent || needsPostgres(tree)) return undefined;
    const scratch = new Scratch();
    try {
      let where: RoaringBitmap32;
      if (tree.op === "and" && indexTuning.popularReadsPerWord > 0) {
        const found = scratch.and(this.matchTree(tree.left, scratch), this.listed, catalogue ?? undefined);
        const first = this.popularFirst(found, tree.right, limit);
        if (first) return first;
        where = scratch.and(found, this.matchTree(tree.right, scratch, found));
      } else where = scratch.and(this.matchTree(tree, scratch), this.listed, catalogue ?? undefined);
      return this.page(where, { sort: "popularity", offset: 0, limit }, false);
    } finally {
      scratch.dispose();
    }
  }

  /**
   * The listed products that may match a tree with a phrase holding a prefix or a negation (its
   * other phrases matched): PostgreSQL then tells which do. Undefined past `most` of them.
   */
  phraseCandidates(tree: TsNode, most: number): string[] | undefined {
    const scratch = new Scratch();
    try {
      const candidates = scratch.and(this.matchTree(tree, scratch), this.listed);
      if (candidates.size > most) return undefined;
      return [...candidates.toUint32Array()].map((ordinal) => this.ids.idAt(ordinal));
    } finally {
      scratch.dispose();
    }
  }

  /**
   * The answer to `query`, or undefined when the index cannot give it exactly (a phrase with a
   * prefix or a negation unchecked, or sort orders not yet read again after a change): the SQL
   * path answers then.
   */
  answer(query: IndexQuery): IndexAnswer | undefined {
    const tree = query.match?.tree;
    if (tree && needsPostgres(tree) && !query.match?.phraseMatches) return undefined;
    const ranked = query.match !== undefined && query.sort === "relevance";
    if (!this.ordersCurrent) return undefined;
    const scratch = new Scratch();
    try {
      return this.answerWith(query, scratch, ranked);
    } finally {
      scratch.dispose();
    }
  }

  private answerWith(query: IndexQuery, scratch: Scratch, ranked: boolean): IndexAnswer {
    const { match } = query;
    let matches = scratch.and(this.listed, query.catalogue ?? undefined);
    if (match) {
      const found = match.typo
        ? scratch.and(match.typo.products)
        : match.phraseMatches
          ? scratch.and(match.phraseMatches)
          : match.tree
            ? this.matchTree(match.tree, scratch, matches)
            : scratch.keep(new RoaringBitmap32());
      if (match.partFragment) found.orInPlace(this.partKeyMatches(match.partKey, true, scratch));
      matches = scratch.and(matches, found);
    }
    const tally = this.tallyOf(match);
    const none = scratch.keep(new RoaringBitmap32());
    const groupBits = (key: string | undefined) =>
      key === undefined ? undefined : (this.groupsByNumber[this.groupNumbers.get(key) ?? -1] ?? none);
    const inCategory = groupBits(query.category === undefined ? undefined : `c:${query.category}`);
    const inSubcategory = groupBits(query.subcategory === undefined ? undefined : `s:${query.subcategory}`);
    const ofBrand = groupBits(query.brand === undefined ? undefined : `b:${query.brand}`);
    const inStock = query.inStock ? this.inStock : undefined;
    const filters = this.specFilters(query.spec, query.attributes, scratch);
    const bySpec = filters.length > 0 ? scratch.and(...filters.map((filter) => filter.bits)) : undefined;
    const scope = scratch.and(matches, inCategory, inSubcategory);
    const beforeGroups = scratch.and(matches, inSubcategory, inStock, bySpec);
    const where = scratch.and(beforeGroups, inCategory, ofBrand);

    const ids =
      ranked && match?.typo ? this.pageBySimilarity(where, match.typo, query, "name") : this.page(where, query, ranked);
    let categories: GroupTotal[] = [];
    let brands: GroupTotal[] = [];
    // Each category counts the products of the brand chosen, each brand those of the category
    // chosen; with neither chosen, both count the same products, in one walk.
    if (query.groupCounts && !ofBrand && !inCategory) {
      const totals =
        tally && beforeGroups.size === tally.products
          ? tally.groups
          : this.groupTotals(beforeGroups, ["c:", "b:"], scratch);
      categories = this.listedGroups(totals, "c:");
      brands = this.listedGroups(totals, "b:");
    } else if (query.groupCounts) {
      const forCategories = ofBrand ? scratch.and(beforeGroups, ofBrand) : beforeGroups;
      const forBrands = inCategory ? scratch.and(beforeGroups, inCategory) : beforeGroups;
      categories = this.listedGroups(this.groupTotals(forCategories, ["c:"], scratch), "c:");
      brands = this.listedGroups(this.groupTotals(forBrands, ["b:"], scratch), "b:");
    }
    const facetRows = this.facetRows(
      query,
      scope,
      scratch.and(scope, inStock, ofBrand),
      filters,
      scratch,
      tally && scope.size === tally.products ? tally : undefined,
    );
    return {
      ids,
      total: where.size,
      categories,
      brands,
      facetRows,
      ...(query.scopeTotal ? { totalInScope: scope.size } : {}),
    };
  }

  /**
   * The tally of the word matched (wordTallies), when the matches are among its products: one word
   * searched for alone, not a prefix, a typo's names, nor a part-number fragment besides. Products
   * counted among them are all the word's when as many as its tally's.
   */
  private tallyOf(match: IndexQuery["match"]) {
    const tree = match?.tree;
    if (tree?.op !== "word" || tree.prefix || match?.typo || match?.phraseMatches || match?.partFragment)
      return undefined;
    return this.wordTallies[this.words.idOf(tree.word) ?? -1];
  }

  /** Each group's products among `base`, by group number, for the groups of `prefixes`. */
  private groupTotals(base: RoaringBitmap32, prefixes: GroupPrefix[], scratch: Scratch): Int32Array {
    const groups = [...this.groupNumbers].filter(([key]) => prefixes.some((prefix) => key.startsWith(prefix)));
    const totals = new Int32Array(this.groupNumbers.size);
    // Most of the catalogue: the products outside it walked, and taken off each group's own.
    const outside = base.size * 2 > this.listed.size;
    const walked = outside ? this.listed.size - base.size : base.size;
    // A group's bitmap is full all through the catalogue (the products of a category or brand),
    // and a call on it costs some 20 times one on a spec value's: 250-500 µs at a million parts
    // (12 brands of 'pack', 246,835 products: 6.2 ms), against 2-5 ns a product walked.
    if (walked > groups.length * this.stepsPerCall * 20) {
      for (const [, number] of groups)
        totals[number] = base.andCardinality(this.groupsByNumber[number] as RoaringBitmap32);
      return totals;
    }
    const ordinals = this.walk(outside ? scratch.keep(RoaringBitmap32.andNot(this.listed, base)) : base);
    for (const prefix of prefixes)
      countGroups(ordinals, prefix === "c:" ? this.categoryGroup : this.brandGroup, totals);
    if (outside)
      for (const [, number] of groups)
        totals[number] = (this.groupsByNumber[number]?.size ?? 0) - (totals[number] as number);
    return totals;
  }

  /** The groups of `prefix` with products, and how many. */
  private listedGroups(totals: Int32Array, prefix: GroupPrefix): GroupTotal[] {
    return [...this.groupNumbers].flatMap(([key, number]) => {
      const total = totals[number] ?? 0;
      return key.startsWith(prefix) && total > 0 ? [{ value: key.slice(prefix.length), total }] : [];
    });
  }

  /** Each active spec filter's products: those with a value of its attribute that passes. */
  private specFilters(spec: SpecState, attributes: ScopeAttribute[], scratch: Scratch) {
    return spec.filters.flatMap((filter) => {
      const facet = attributes.findIndex((attribute) => attribute.slug === filter.slug);
      const attribute = attributes[facet];
      if (!attribute) return [];
      const bits = scratch.keep(new RoaringBitmap32());
      for (const id of attribute.ids)
        for (const value of this.valuesOfAttribute.get(id) ?? []) {
          const entry = this.values[value];
          if (entry && passes(filter, entry.num, entry.txt)) bits.orInPlace(entry.bits);
        }
      return [{ facet, bits }];
    });
  }

  /** What a WebAssembly call on two of the index's bitmaps costs, in steps of a walk (indexTuning). */
  private get stepsPerCall() {
    return indexTuning.walkStepsPerChunk * Math.max(1, Math.ceil(this.ids.length / 65_536));
  }

  /**
   * The rows spec-facets.ts's statement returns, counted on the bitmaps, for the attributes whose
   * facets are shown only (`shownFacets`): a search offers every subcategory's, ~360 of them.
   */
  private facetRows(
    query: IndexQuery,
    scope: RoaringBitmap32,
    fixed: RoaringBitmap32,
    filters: { facet: number; bits: RoaringBitmap32 }[],
    scratch: Scratch,
    tally: WordTally | undefined,
  ): FacetRow[] {
    const { attributes } = query;
    if (attributes.length === 0) return [];
    const { present, counted } = this.valueCounts(attributes, scope, fixed, filters, scratch, tally);
    const layout = this.facetLayout(attributes);
    const groups = layout.num.length;
    this.groupPresentBuffer = atLeast(this.groupPresentBuffer, groups);
    this.groupCountedBuffer = atLeast(this.groupCountedBuffer, groups);
    const groupPresent = this.groupPresentBuffer;
    const groupCounted = this.groupCountedBuffer;
    sumGroups(layout, present, counted, groupPresent, groupCounted);
    // An attribute's groups in scope, in the statement's order: the most present first, then by value.
    const inScope = (facet: number) => {
      const found: number[] = [];
      for (let group = layout.groupAt[facet] as number; group < (layout.groupAt[facet + 1] as number); group++)
        if ((groupPresent[group] as number) > 0) found.push(group);
      return found;
    };
    const byPresence = (a: number, b: number) => (groupPresent[b] as number) - (groupPresent[a] as number) || a - b;
    // What facetsFromRows weighs an attribute by: the parts of the values the statement reads of it.
    const presentInRowsRead = (facet: number) => {
      const parts = inScope(facet).map((group) => groupPresent[group] as number);
      const read = parts.length <= ROWS_PER_FACET ? parts : parts.sort((a, b) => b - a).slice(0, ROWS_PER_FACET);
      return read.reduce((sum, part) => sum + part, 0);
    };
    const shown = shownFacets(
      attributes.map((attribute, facet) => ({
        present: presentInRowsRead(facet),
        filtered: filters.some((filter) => filter.facet === facet),
        position: attribute.position,
      })),
    );
    const rows: FacetRow[] = [];
    for (const facet of shown) {
      const found = inScope(facet);
      let spanMin: number | null = null;
      let spanMax: number | null = null;
      for (const group of found) {
        const num = layout.num[group] ?? null;
        if ((groupCounted[group] as number) === 0 || num === null) continue;
        spanMin = spanMin === null ? num : Math.min(spanMin, num);
        spanMax = spanMax === null ? num : Math.max(spanMax, num);
      }
      for (const group of found.sort(byPresence).slice(0, ROWS_PER_FACET))
        rows.push({
          facet,
          num: layout.num[group] ?? null,
          txt: layout.txt[group] ?? null,
          present: groupPresent[group] as number,
          n: groupCounted[group] as number,
          distinct_values: found.length,
          span_min: spanMin,
          span_max: spanMax,
        });
    }
    return rows;
  }

  /**
   * The values of `attributes` grouped as the statement groups them (one number and text: an
   * attribute of several subcategories has a value of each), the groups of each attribute in the
   * statement's order among equals. Kept per array of attributes (those of a scope are one array,
   * kept until the operator changes them) until a value is added.
   */
  private facetLayout(attributes: readonly ScopeAttribute[]): FacetLayout {
    const kept = this.facetLayouts.get(attributes);
    if (kept && kept.valueCount === this.values.length) return kept;
    const groupAt = [0];
    const valueAt = [0];
    const values: number[] = [];
    const num: (number | null)[] = [];
    const txt: (string | null)[] = [];
    for (const attribute of attributes) {
      const groups = new Map<string, { num: number | null; txt: string | null; values: number[] }>();
      for (const id of attribute.ids)
        for (const value of this.valuesOfAttribute.get(id) ?? []) {
          const entry = this.values[value];
          if (!entry) continue;
          const key = `${entry.num ?? ""}\u0000${entry.txt ?? "\u0001"}`;
          const group = groups.get(key);
          if (group) group.values.push(value);
          else groups.set(key, { num: entry.num, txt: entry.txt, values: [value] });
        }
      const ordered = [...groups.values()].sort(
        (a, b) => nullsLast(a.num, b.num, (x, y) => x - y) || nullsLast(a.txt, b.txt, byCodePoint),
      );
      for (const group of ordered) {
        values.push(...group.values);
        valueAt.push(values.length);
        num.push(group.num);
        txt.push(group.txt);
      }
      groupAt.push(num.length);
    }
    const layout: FacetLayout = {
      valueCount: this.values.length,
      groupAt: Int32Array.from(groupAt),
      valueAt: Int32Array.from(valueAt),
      values: Int32Array.from(values),
      num,
      txt,
    };
    this.facetLayouts.set(attributes, layout);
    return layout;
  }

  /**
   * Per value of the attributes on offer: its products in scope (`present`), and those counted for
   * its facet (`counted`: in `fixed` and passing every filter but its own attribute's). Two bitmap
   * intersections per value cost a WebAssembly call each, ~1,700 of them for a search over every
   * attribute (10-14 ms at 100,000 parts); a scope of fewer products is walked instead, product by
   * product through the few values each has. With no filter and nothing narrowing `fixed`, what is
   * counted is what is present, one call a value ('abrasives' listed at a million parts: 21 ms
   * against 34-38 for two), and a scope of most of the catalogue is counted from the products
   * outside it ('industrial', in every part: a million walked took 72 ms), and a scope of one
   * word's products read from its tally (`scopeTally`).
   */
  private valueCounts(
    attributes: ScopeAttribute[],
    scope: RoaringBitmap32,
    fixed: RoaringBitmap32,
    filters: { facet: number; bits: RoaringBitmap32 }[],
    scratch: Scratch,
    scopeTally: WordTally | undefined,
  ) {
    // Good until the next answer: its facet rows are read from them first.
    const size = this.values.length;
    this.presentBuffer = atLeast(this.presentBuffer, size);
    this.countedBuffer = atLeast(this.countedBuffer, size);
    this.facetOfBuffer = atLeast(this.facetOfBuffer, size);
    const present = this.presentBuffer.subarray(0, size).fill(0);
    const counted = this.countedBuffer.subarray(0, size).fill(0);
    const facetOf = this.facetOfBuffer.subarray(0, size).fill(-1);
    let offered = 0;
    attributes.forEach((attribute, facet) => {
      for (const id of attribute.ids)
        for (const value of this.valuesOfAttribute.get(id) ?? []) {
          facetOf[value] = facet;
          offered++;
        }
    });
    const plain = filters.length === 0 && fixed.size === scope.size;
    // With nothing but the scope to count, a call a value; else two.
    const calls = offered * (plain ? 1 : 2);
    if (plain && scopeTally) {
      present.set(scopeTally.values.subarray(0, size));
      return { present, counted: present };
    }
    const outside = plain && scope.size * 2 > this.listed.size;
    const valuesPerProduct = this.listed.size === 0 ? 0 : this.valueEntries / this.listed.size;
    const walked = (outside ? this.listed.size - scope.size : scope.size) * valuesPerProduct;
    if (filters.length > MOST_WALKED_FILTERS || walked > calls * this.stepsPerCall) {
      const allPass = scratch.and(fixed, ...filters.map((filter) => filter.bits));
      attributes.forEach((_, facet) => {
        const base = filters.some((filter) => filter.facet === facet)
          ? scratch.and(fixed, ...filters.filter((filter) => filter.facet !== facet).map((filter) => filter.bits))
          : allPass;
        for (const id of attributes[facet]?.ids ?? [])
          for (const value of this.valuesOfAttribute.get(id) ?? []) {
            const bits = this.values[value]?.bits;
            if (!bits) continue;
            present[value] = bits.andCardinality(scope);
            if (present[value] !== 0 && !plain) counted[value] = bits.andCardinality(base);
          }
      });
      return { present, counted: plain ? present : counted };
    }
    const slots = this.valueSlots;
    const width = this.valueWidth;
    if (plain) {
      const walk = outside ? scratch.keep(RoaringBitmap32.andNot(this.listed, scope)) : scope;
      countValues(this.walk(walk), slots, width, present);
      if (outside)
        for (let value = 0; value < present.length; value++)
          if ((facetOf[value] as number) >= 0)
            present[value] = (this.values[value]?.bits.size ?? 0) - (present[value] as number);
      return { present, counted: present };
    }
    // Bit 0: in `fixed`; bit 1 + k: passes filter k. A value of facet F is counted for a product
    // with bit 0 and the bits of every filter not on F.
    const marks = this.marks(this.ids.length);
    markAll(this.walk(fixed), marks, 1);
    filters.forEach((filter, k) => {
      markAll(this.walk(scratch.and(fixed, filter.bits)), marks, 2 << k);
    });
    const needed = attributes.map((_, facet) =>
      filters.reduce((mask, filter, k) => (filter.facet === facet ? mask : mask | (2 << k)), 1),
    );
    countMarkedValues(
      this.walk(scope),
      slots,
      width,
      marks,
      { facetOf, needed: Int32Array.from(needed) },
      present,
      counted,
    );
    return { present, counted };
  }

  /** The ordinals of `bits` in ascending order, in an array reused: good until the next walk. */
  private walk(bits: RoaringBitmap32): Uint32Array {
    const size = bits.size;
    this.walkBuffer = atLeast(this.walkBuffer, size);
    return bits.toUint32Array(this.walkBuffer.subarray(0, size));
  }

  /** A zeroed mark per ordinal, reused from answer to answer (each walk leaves it zeroed). */
  private marks(size: number) {
    if (this.markBuffer.length < size) this.markBuffer = new Uint8Array(Math.max(size, this.markBuffer.length * 2));
    return this.markBuffer;
  }

  /** The ids of the page asked for, in the order asked for. */
  private page(
    where: RoaringBitmap32,
    query: Pick<IndexQuery, "match" | "sort" | "offset" | "limit">,
    ranked: boolean,
  ): string[] | undefined {
    const wanted = query.offset + query.limit;
    const positions = this.positions as Record<IndexSort, Int32Array>;
    if (ranked) {
      const tree = query.match?.tree;
      const rankOf = tree ? rankerOf(tree, (word) => this.words.idOf(word) ?? -1) : () => 0;
      // Each product ranked on its run of the pools (as rankAt, without an object per match).
      const pools = { entryWord: this.entryWords, entryPos: this.entryPositions };
      if (!rankOf) return undefined;
      const key = query.match?.partKey ?? "";
      const scratch = new Scratch();
      let boosted: Set<number>;
      try {
        const operands = tree && this.oredOperands(tree, scratch);
        if (operands?.some((operand) => operand.ranks))
          return this.pageByRanks(
            where,
            [...new Map(operands.map((operand) => [operand.bits, operand])).values()],
            key,
            query,
            rankOf,
          );
        // A set of the few products a part-number prefix boosts: asked of every match, unlike a bitmap's wasm call.
        boosted = new Set(this.partKeyMatches(key, false, scratch).toUint32Array());
      } finally {
        scratch.dispose();
      }
      const name = positions.name;
      const best = new Best(wanted);
      const offer = (ordinal: number, rank: number) =>
        best.offer(ordinal, this.relevance(ordinal, rank, boosted, key), name);
      const shaped = tree && this.shapedPair(tree);
      // A boost may lift any match above the page's worst: with one, every match is offered.
      const floor = () => (boosted.size === 0 ? best.floor : Number.NEGATIVE_INFINITY);
      if (shaped)
        this.rankByShapes(where, shaped, rankOf, {
          offer: (ordinal, rank) => {
            offer(ordinal, rank);
            return floor();
          },
          floor: floor(),
        });
      else offerEach(this.walk(where), rankOf, pools, this.entryStart, this.entryCount, offer);
      return best.ordinals(query.offset).map((ordinal) => this.ids.idAt(ordinal));
    }
    const sort: IndexSort = query.sort === "relevance" ? "featured" : query.sort;
    const order = (this.orders as Record<IndexSort, Int32Array>)[sort];
    return this.firstInOrder(where, positions[sort], order, query.offset, query.limit).map((ordinal) =>
      this.ids.idAt(ordinal),
    );
  }

  /** The two words of `tree` and their shapes, when it is an "and" of two words (no prefix) both kept by shape. */
  private shapedPair(tree: TsNode): [ShapedWord, ShapedWord] | undefined {
    if (tree.op !== "and" || tree.left.op !== "word" || tree.right.op !== "word") return undefined;
    if (tree.left.prefix || tree.right.prefix) return undefined;
    const shaped = (word: string): ShapedWord | undefined => {
      const id = this.words.idOf(word);
      const shapes = id === undefined ? undefined : this.wordShapes[id];
      return id === undefined || !shapes ? undefined : { id, shapes };
    };
    const [first, second] = [shaped(tree.left.word), shaped(tree.right.word)];
    return first && second && first.id !== second.id ? [first, second] : undefined;
  }

  /**
   * Offers each match of two words kept by shape with its rank, which is that of its pair of
   * shapes (ts_rank_cd reads the query's words' positions and weights alone), ranked once a pair.
   * The matches of each of the second word's shapes are marked with it, then those of each of the
   * first's walked: a hundred-odd intersections and two steps a match, where ranking each found its
   * words' entries by binary search ('drill bit': 81,479 matches, ~8 ms). A match that cannot make
   * the page is passed over in the walk itself (offerByPair), without a call. A match without the
   * first word (a part-number fragment's) is ranked on its own.
   */
  private rankByShapes(
    where: RoaringBitmap32,
    [first, second]: [ShapedWord, ShapedWord],
    rankOf: Ranker,
    offers: { offer: (ordinal: number, rank: number) => number; floor: number },
  ) {
    const seconds = second.shapes.list;
    const ranks = new Float64Array(first.shapes.list.length * seconds.length).fill(Number.NaN);
    const [low, high] = first.id < second.id ? [first.id, second.id] : [second.id, first.id];
    const pairRank = (i: number, k: number) => {
      const firstRun = first.shapes.list[i]?.entries ?? NO_ENTRIES;
      const secondRun = seconds[k]?.entries ?? NO_ENTRIES;
      // The two runs in one pool, the lower word id's first, as a product's entries hold them.
      const [lowRun, highRun] = low === first.id ? [firstRun, secondRun] : [secondRun, firstRun];
      const length = lowRun.length + highRun.length;
      const entryWord = new Int32Array(length).fill(low, 0, lowRun.length).fill(high, lowRun.length);
      const entryPos = new Uint16Array(length);
      entryPos.set(lowRun);
      entryPos.set(highRun, lowRun.length);
      const rank = rankOf({ entryWord, entryPos }, 0, length);
      ranks[i * seconds.length + k] = rank;
      return rank;
    };
    const marks = this.marks(this.ids.length);
    const scratch = new Scratch();
    let marked = 0;
    try {
      for (const [k, shape] of seconds.entries())
        marked += markAll(this.walk(scratch.and(where, shape.bits)), marks, k + 1);
      const walk: PairWalk = {
        pairRanks: ranks,
        seconds: seconds.length,
        shape: 0,
        featured: this.featuredFlags,
        floor: offers.floor,
        unpaired: (ordinal) => this.rankAt(rankOf, ordinal),
        pair: pairRank,
        offer: offers.offer,
      };
      for (const [i, shape] of first.shapes.list.entries()) {
        walk.shape = i;
        marked -= offerByPair(this.walk(scratch.and(where, shape.bits)), marks, walk);
      }
      // Matches without the first word (found by a part-number fragment), in none of its shapes:
      // their marks cleared, each ranked on its own.
      const rest = this.walk(scratch.keep(RoaringBitmap32.andNot(where, this.wordBitmap(first.id, scratch))));
      for (const ordinal of rest)
        if (marks[ordinal] !== 0) {
          marks[ordinal] = 0;
          marked--;
        }
      offerByPair(rest, marks, walk);
    } finally {
      // Each match is marked once and its mark cleared once; cut short, the marks are cleared here.
      if (marked !== 0) for (const ordinal of this.walk(where)) marks[ordinal] = 0;
      scratch.dispose();
    }
  }

  /**
   * The `count` products of `bits` after its first `offset` in a sort order (`at`: each ordinal's
   * place in `order`). Few are sorted by their places; of many, the order is walked until enough
   * turn up, asking the bitmap (a WebAssembly call a step) for the first steps; then, for a page
   * near the start, each product's place is read and the smallest kept, and for one further on
   * through marks set by ordinal (markFrom), walking on from the first of them: the matches may all
   * lie far down the order ('san' typed, at a million parts: 187,019 products, walked by calls in 9.5 ms).
   */
  private firstInOrder(bits: RoaringBitmap32, at: Int32Array, order: Int32Array, offset: number, count: number) {
    if (bits.size * 16 < order.length) return sortedByPlace(this.walk(bits), at, order, offset, offset + count);
    const found: number[] = [];
    const marks = this.marks(this.ids.length);
    let marked: Uint32Array | undefined;
    let seen = 0;
    try {
      for (let step = 0; step < order.length && found.length < count; step++) {
        if (step === indexTuning.callsBeforeMarks && offset + count <= indexTuning.mostPlacesKept)
          return sortedByPlace(this.walk(bits), at, order, offset, offset + count);
        if (step === indexTuning.callsBeforeMarks) {
          marked = this.walk(bits);
          step = Math.max(step, markFrom(marked, marks, at));
          if (step >= order.length) break;
        }
        const ordinal = order[step] as number;
        if ((marked ? marks[ordinal] === 1 : bits.has(ordinal)) && seen++ >= offset) found.push(ordinal);
      }
      return found;
    } finally {
      if (marked) unmark(marked, marks);
    }
  }

  /**
   * The operands of a tree of words and kept phrases or-ed (one alone too): their products, and
   * those by their rank where kept; undefined for any other tree.
   */
  private oredOperands(node: TsNode, scratch: Scratch): Operand[] | undefined {
    if (node.op === "word") {
      if (node.prefix) return undefined;
      const id = this.words.idOf(node.word);
      return id === undefined ? [] : [{ bits: this.wordBitmap(id, scratch), ranks: this.wordRanks[id] }];
    }
    if (node.op === "phrase") {
      const kept = this.keptPhrases.get(phraseKey(node));
      return kept && [kept];
    }
    if (node.op !== "or") return undefined;
    const left = this.oredOperands(node.left, scratch);
    const right = this.oredOperands(node.right, scratch);
    return left && right && [...left, ...right];
  }

  /**
   * Matches of operands or-ed (one word; a size's forms, '1/4' | '0.25' | '25'; a synonym, 'ao' |
   * 'aluminum' <-> 'oxid') by relevance, ranking few of them: a product holding one operand alone
   * has that operand's rank of it (the covers are its own, as if it were asked alone), so those are
   * taken grouped by it (0 for those matched another way, a part-number fragment), each group split
   * by the part-number boost and into the featured (half a point more) and the rest, the groups
   * best first and each in name order, as the SQL orders ties. Products holding two operands, or a
   * word too rare to be kept by rank, are ranked one by one and filed by their score.
   */
  private pageByRanks(
    where: RoaringBitmap32,
    operands: Operand[],
    key: string,
    query: Pick<IndexQuery, "offset" | "limit">,
    rankOf: (words: PositionedWords, start?: number, end?: number) => number,
  ): string[] {
    const scratch = new Scratch();
    try {
      const name = (this.positions as Record<IndexSort, Int32Array>).name;
      // Relevance's part-number boost: 100 for the part key typed, 50 for those it starts.
      const boosted = scratch.and(this.partKeyMatches(key, false, scratch), where);
      const exact = scratch.keep(filtered(boosted, (ordinal) => this.partKeys.equals(ordinal, key)));
      const boosts = (
        [
          [100, exact],
          [50, scratch.keep(RoaringBitmap32.andNot(boosted, exact))],
          [0, scratch.keep(RoaringBitmap32.andNot(where, boosted))],
        ] as const
      ).filter(([, bits]) => !bits.isEmpty);
      const byScore = new Map<number, RoaringBitmap32[]>();
      const add = (score: number, bits: RoaringBitmap32) => {
        if (bits.isEmpty) return;
        const list = byScore.get(score);
        if (list) list.push(bits);
        else byScore.set(score, [bits]);
      };
      // Products of one rank, filed by their score as the SQL adds it up.
      const file = (rank: number, within: RoaringBitmap32) => {
        for (const [boost, bits] of boosts) {
          const part = boost === 0 && boosts.length === 1 ? within : scratch.and(within, bits);
          add(boost + rank + 0.5, scratch.and(part, this.featuredBits));
          add(boost + rank, scratch.keep(RoaringBitmap32.andNot(part, this.featuredBits)));
        }
      };
      // Ranked one by one: the products holding two operands (their covers mix them), and a word's
      // too rare to be kept by rank.
      const oneByOne = scratch.keep(new RoaringBitmap32());
      operands.forEach((operand, i) => {
        for (const other of operands.slice(i + 1)) oneByOne.orInPlace(scratch.and(operand.bits, other.bits, where));
        if (!operand.ranks) oneByOne.orInPlace(scratch.and(operand.bits, where));
      });
      let unranked = scratch.keep(RoaringBitmap32.andNot(where, oneByOne));
      for (const operand of operands)
        for (const [rank, bits] of operand.ranks ?? []) {
          const within = scratch.and(unranked, bits);
          if (within.isEmpty) continue;
          unranked = scratch.keep(RoaringBitmap32.andNot(unranked, within));
          file(rank, within);
        }
      file(0, unranked);
      // Those ranked one by one, filed by their score.
      const scored = new Map<number, number[]>();
      for (const ordinal of oneByOne.toUint32Array()) {
        const score = this.relevance(ordinal, this.rankAt(rankOf, ordinal), boosted, key);
        const list = scored.get(score);
        if (list) list.push(ordinal);
        else scored.set(score, [ordinal]);
      }
      for (const [score, ordinals] of scored) add(score, scratch.keep(RoaringBitmap32.from(ordinals)));
      let skip = query.offset;
      const found: number[] = [];
      for (const score of [...byScore.keys()].sort((a, b) => b - a)) {
        if (found.length >= query.limit) break;
        const group = scratch.keep(new RoaringBitmap32());
        for (const bits of byScore.get(score) ?? []) group.orInPlace(bits);
        if (group.size <= skip) {
          skip -= group.size;
          continue;
        }
        found.push(...this.inOrder(group, name, this.orders?.name, skip + query.limit - found.length).slice(skip));
        skip = 0;
      }
      return found.slice(0, query.limit).map((ordinal) => this.ids.idAt(ordinal));
    } finally {
      scratch.dispose();
    }
  }

  /**
   * The listed products with names within a typo of `text` (`text <% name`), with their
   * word_similarity; `foreign`: what PostgreSQL computed for the names not in ASCII (foreignNames).
   * Undefined when `text` is not ASCII (PostgreSQL's locale reads it).
   */
  typoMatches(text: string, foreign: { id: string; similarity: number }[]): TypoMatches | undefined {
    const words = trigramWords(text);
    if (words === undefined) return undefined;
    const found = this.nameTrigrams.similar(words);
    for (const { id, similarity } of foreign) {
      const ordinal = this.ids.ordinalOf(id);
      // A real as printed and read back: the nearest single-precision number is the one computed.
      if (
        ordinal !== undefined &&
        this.nameTrigrams.foreign.has(ordinal) &&
        Math.fround(similarity) >= WORD_SIMILARITY_THRESHOLD
      )
        found.add(ordinal, Math.fround(similarity));
    }
    return found;
  }

  /** The listed products whose names PostgreSQL must compare within a typo; undefined past `most`. */
  foreignNames(most: number): string[] | undefined {
    if (this.nameTrigrams.foreign.size > most) return undefined;
    return [...this.nameTrigrams.foreign.toUint32Array()].map((ordinal) => this.ids.idAt(ordinal));
  }

  /**
   * The `limit` listed products with names within a typo (typoMatches) best first, the most
   * popular first among equals: the header's suggestions when nothing else was found.
   */
  suggestWithinTypo(typo: TypoMatches, catalogue: RoaringBitmap32 | null, limit: number) {
    if (!this.ordersCurrent) return undefined;
    const scratch = new Scratch();
    try {
      const where = scratch.and(typo.products, this.listed, catalogue ?? undefined);
      return this.pageBySimilarity(where, typo, { offset: 0, limit }, "popularity");
    } finally {
      scratch.dispose();
    }
  }

  /**
   * Names within a typo by relevance: word_similarity (a real) plus the featured half point, as a
   * double, best first; ties in the order given (the SQL's: name for results, popularity for suggestions).
   */
  private pageBySimilarity(
    where: RoaringBitmap32,
    typo: TypoMatches,
    query: Pick<IndexQuery, "offset" | "limit">,
    ties: IndexSort,
  ): string[] {
    const at = (this.positions as Record<IndexSort, Int32Array>)[ties];
    const best = new Best(query.offset + query.limit);
    const walked = this.walk(where);
    for (let i = 0; i < walked.length; i++) {
      const ordinal = walked[i] as number;
      best.offer(ordinal, typo.similarity(ordinal) + (this.featuredFlags[ordinal] as number) / 2, at);
    }
    return best.ordinals(query.offset).map((ordinal) => this.ids.idAt(ordinal));
  }

  /** The first `count` of `bits` in a sort order (`at`: each ordinal's place in `order`). */
  private inOrder(bits: RoaringBitmap32, at: Int32Array, order: Int32Array | undefined, count: number): number[] {
    if (!order) return [...bits.toUint32Array()].sort((a, b) => (at[a] ?? 0) - (at[b] ?? 0)).slice(0, count);
    return this.firstInOrder(bits, at, order, 0, count);
  }

  dispose() {
    for (const bits of [
      this.listed,
      this.inStock,
      ...this.groupsByNumber,
      ...this.partKeyBits.values(),
      ...this.wordBits,
    ])
      bits?.dispose();
    for (const value of this.values) value.bits.dispose();
    for (const ranks of this.wordRanks) for (const bits of ranks?.values() ?? []) bits.dispose();
    for (const shapes of this.wordShapes) for (const { bits } of shapes?.list ?? []) bits.dispose();
    this.featuredBits.dispose();
    for (const kept of this.keptPhrases.values())
      for (const bits of [kept.bits, ...kept.ranks.values()]) bits.dispose();
    for (const kept of this.keptPrefixes.values()) for (const { bits } of kept) bits.dispose();
    this.nameTrigrams.dispose();
  }
}

/** What a tree's operand or-ed with others matches, and that by its rank of it alone where kept. */
interface Operand {
  bits: RoaringBitmap32;
  ranks: Map<number, RoaringBitmap32> | undefined;
}

type PositionTest = NonNullable<ReturnType<typeof positionTest>>;

type Ranker = NonNullable<ReturnType<typeof rankerOf>>;

/** A prefix kept with its products (keptPrefix). */
interface KeptPrefix {
  prefix: string;
  bits: RoaringBitmap32;
}

/** A phrase kept with its products (keepPhrases), and them by its rank of them alone, as a word's. */
interface KeptPhrase {
  node: TsNode;
  probe: PhraseProbe;
  rankOf: Ranker;
  bits: RoaringBitmap32;
  ranks: Map<number, RoaringBitmap32>;
}

/** A position test with its words by the index's ids, and room for their positions in a product. */
interface PhraseProbe {
  test: PositionTest;
  ids: number[];
  positions: OperandPositions;
}

/** A phrase as the same text however it was asked (a synonym, or typed in quotes). */
const phraseKey = (node: TsNode) => JSON.stringify(node);

/** A word's products by its shape in them: its run of entries (position << 2 | weight), as a key and as kept. */
interface WordShapes {
  byKey: Map<number | string, number>;
  list: { entries: Uint16Array; bits: RoaringBitmap32 }[];
}

/** A word's products counted: how many, and by spec value and by group (category and brand), by number. */
interface WordTally {
  products: number;
  values: Int32Array<ArrayBuffer>;
  groups: Int32Array<ArrayBuffer>;
}

const NO_ENTRIES = new Uint16Array(0);

/** Shapes a word may have and be kept by: a mark per match names its shape in a byte. */
const MAX_SHAPES = 255;

interface ShapedWord {
  id: number;
  shapes: WordShapes;
}

/**
 * A shape as a key: a number for a run of up to three entries (most: each entry is at least 4,
 * position 1, so runs of different lengths differ), a string of the entries for a longer one.
 */
function shapeKey(positions: Uint16Array, start: number, end: number): number | string {
  const length = end - start;
  if (length > 3) return String.fromCharCode(...positions.subarray(start, end));
  let key = 0;
  for (let at = end - 1; at >= start; at--) key = key * 65_536 + (positions[at] as number);
  return key;
}

/**
 * The best `wanted` of the products offered, by score and then place (in the order ties take),
 * kept in order as they go by: most are turned away at the door, with nothing made for them.
 */
class Best {
  private readonly entries: { ordinal: number; score: number; place: number }[] = [];
  constructor(private readonly wanted: number) {}

  /**
   * Keeps the match if it is among the best so far; `places`: each ordinal's place among equal
   * scores, read only for a score that may make the page (a read from memory per match at a million).
   */
  offer(ordinal: number, score: number, places: Int32Array) {
    const { entries } = this;
    const worst = entries[entries.length - 1];
    const full = entries.length >= this.wanted && worst !== undefined;
    if (full && score < worst.score) return;
    const place = places[ordinal] ?? 0;
    if (full && !Best.ahead(score, place, worst)) return;
    let slot = entries.length;
    while (slot > 0 && Best.ahead(score, place, entries[slot - 1] as { score: number; place: number })) slot--;
    entries.splice(slot, 0, { ordinal, score, place });
    if (entries.length > this.wanted) entries.pop();
  }

  private static ahead(score: number, place: number, other: { score: number; place: number }) {
    return score > other.score || (score === other.score && place < other.place);
  }

  /** The score below which an offer is refused: the worst kept once there are enough, else none. */
  get floor() {
    const worst = this.entries[this.entries.length - 1];
    return this.entries.length >= this.wanted && worst ? worst.score : Number.NEGATIVE_INFINITY;
  }

  /** The ordinals kept, best first, from `offset` on. */
  ordinals(offset: number) {
    return this.entries.slice(offset).map((entry) => entry.ordinal);
  }
}

// The walks of facet counting, each a function of its own: V8 optimises a small loop of typed
// arrays on its own, where inlined in the large function asking for it ran ~3 times slower.

/** The groups a search or listing counts its products under: categories and brands. */
type GroupPrefix = "c:" | "b:";

/** Counts each walked product under its group (`groupOf`: a group's number per ordinal). */
function countGroups(walked: Uint32Array, groupOf: Int32Array, totals: Int32Array) {
  for (let i = 0; i < walked.length; i++) {
    const group = groupOf[walked[i] as number] as number;
    totals[group] = (totals[group] as number) + 1;
  }
}

/** The values of the attributes on offer, grouped (CatalogueIndex.facetLayout). */
interface FacetLayout {
  /** How many values the index held when laid out: a value added since is not in it. */
  valueCount: number;
  /** Attribute k's groups are groupAt[k] to groupAt[k + 1]. */
  groupAt: Int32Array;
  /** Group g's values are values[valueAt[g]] to values[valueAt[g + 1]]. */
  valueAt: Int32Array;
  values: Int32Array;
  /** Each group's number and text. */
  num: (number | null)[];
  txt: (string | null)[];
}

/** Each group's products in scope and counted: its values' summed. */
function sumGroups(
  layout: FacetLayout,
  present: Int32Array,
  counted: Int32Array,
  groupPresent: Int32Array,
  groupCounted: Int32Array,
) {
  const { valueAt, values } = layout;
  for (let group = 0; group < layout.num.length; group++) {
    let inScope = 0;
    let n = 0;
    for (let at = valueAt[group] as number, end = valueAt[group + 1] as number; at < end; at++) {
      const value = values[at] as number;
      inScope += present[value] as number;
      n += counted[value] as number;
    }
    groupPresent[group] = inScope;
    groupCounted[group] = n;
  }
}

/** Sets the bits of `mark` in each walked product's mark (on a zeroed mark, the mark itself); how many. */
function markAll(walked: Uint32Array, marks: Uint8Array, mark: number) {
  for (let i = 0; i < walked.length; i++) {
    const ordinal = walked[i] as number;
    marks[ordinal] = (marks[ordinal] as number) | mark;
  }
  return walked.length;
}

/** A walk of one shape of the first word's matches (rankByShapes), each marked with its shape of the second + 1. */
interface PairWalk {
  /** The pairs' ranks, NaN until ranked: a row of `seconds` for each of the first word's shapes. */
  pairRanks: Float64Array;
  seconds: number;
  /** The first word's shape walked. */
  shape: number;
  /** 1 per featured ordinal: half a point more. */
  featured: Uint8Array;
  /** The score an offer must reach (offer returns the next). */
  floor: number;
  /** The rank of a match not marked, and of a pair not ranked yet (which it keeps in `pairRanks`). */
  unpaired: (ordinal: number) => number;
  pair: (shape: number, second: number) => number;
  offer: (ordinal: number, rank: number) => number;
}

/**
 * Offers each walked match its pair's rank, clearing its mark; one whose score (rank, and the
 * featured half point) is below the floor is not offered. How many marks it cleared.
 */
function offerByPair(walked: Uint32Array, marks: Uint8Array, walk: PairWalk) {
  const { pairRanks, shape, featured } = walk;
  const row = shape * walk.seconds;
  let cleared = 0;
  for (let i = 0; i < walked.length; i++) {
    const ordinal = walked[i] as number;
    const mark = marks[ordinal] as number;
    let rank: number;
    if (mark === 0) rank = walk.unpaired(ordinal);
    else {
      marks[ordinal] = 0;
      cleared++;
      rank = pairRanks[row + mark - 1] as number;
      if (Number.isNaN(rank)) rank = walk.pair(shape, mark - 1);
    }
    if (rank + (featured[ordinal] as number) / 2 < walk.floor) continue;
    walk.floor = walk.offer(ordinal, rank);
  }
  return cleared;
}

/**
 * Offers each walked match with its rank by `rankOf`, one by one, on its run of the pools. In
 * `page` itself, the loop ran in that large function's code, making an iterator result per match.
 */
function offerEach(
  walked: Uint32Array,
  rankOf: Ranker,
  pools: { entryWord: Int32Array; entryPos: Uint16Array },
  entryStart: Int32Array,
  entryCount: Int32Array,
  offer: (ordinal: number, rank: number) => void,
) {
  for (let i = 0; i < walked.length; i++) {
    const ordinal = walked[i] as number;
    const start = entryStart[ordinal] as number;
    offer(ordinal, rankOf(pools, start, start + (entryCount[ordinal] as number)));
  }
}

/** Counts each walked product's values (`width` slots an ordinal, -1 after the last). */
function countValues(walked: Uint32Array, slots: Int32Array, width: number, present: Int32Array) {
  for (let i = 0; i < walked.length; i++)
    for (let at = (walked[i] as number) * width, end = at + width; at < end; at++) {
      const value = slots[at] as number;
      if (value < 0) break;
      present[value] = (present[value] as number) + 1;
    }
}

/**
 * Counts each walked product's values of the facets on offer (`facetOf`, -1: none) as present, and
 * as counted where its mark has every bit its facet `needed`; the marks are zeroed as it goes.
 */
function countMarkedValues(
  walked: Uint32Array,
  slots: Int32Array,
  width: number,
  marks: Uint8Array,
  { facetOf, needed }: { facetOf: Int32Array; needed: Int32Array },
  present: Int32Array,
  counted: Int32Array,
) {
  for (let i = 0; i < walked.length; i++) {
    const ordinal = walked[i] as number;
    const mark = marks[ordinal] as number;
    marks[ordinal] = 0;
    for (let at = ordinal * width, end = at + width; at < end; at++) {
      const value = slots[at] as number;
      if (value < 0) break;
      const facet = facetOf[value] as number;
      if (facet < 0) continue;
      present[value] = (present[value] as number) + 1;
      const mask = needed[facet] as number;
      if ((mark & mask) === mask) counted[value] = (counted[value] as number) + 1;
    }
  }
}

const hasPhrase = (node: TsNode): boolean =>
  node.op === "phrase" ||
  (node.op === "not" ? hasPhrase(node.child) : node.op !== "word" && (hasPhrase(node.left) || hasPhrase(node.right)));

/** A rank's bitmap among a word's, made when first needed. */
function rankBits(ranks: Map<number, RoaringBitmap32>, rank: number) {
  let bits = ranks.get(rank);
  if (!bits) {
    bits = new RoaringBitmap32();
    ranks.set(rank, bits);
  }
  return bits;
}

/**
 * Marks the walked ordinals (ascending) in `marks` for a walk down an order (`places`: each
 * ordinal's place in it) to ask instead of their bitmap, a byte a step; returns the first of their
 * places, where the walk may go on from. Their first may lie far down: a word's 187,019 products
 * at a million parts started 592,000 steps down the popularity order ('sanding').
 */
function markFrom(walked: Uint32Array, marks: Uint8Array, places: Int32Array): number {
  let first = places.length;
  for (let i = 0; i < walked.length; i++) {
    const ordinal = walked[i] as number;
    marks[ordinal] = 1;
    const place = places[ordinal] as number;
    if (place < first) first = place;
  }
  return first;
}

/**
 * Zeroes the marks of the walked ordinals (ascending) at once, their span a memset of a megabyte at
 * most: zeroing 459,231 ('abrasive b' typed at a million parts) one by one took ~0.7 ms.
 */
function unmark(walked: Uint32Array, marks: Uint8Array) {
  if (walked.length > 0) marks.fill(0, walked[0], (walked[walked.length - 1] as number) + 1);
}

/**
 * The walked ordinals from the `from`th to the `to`th in an order (`at`: each ordinal's place in
 * `order`): their places, the smallest kept in one pass for a page near the start (smallestPlaces),
 * or all of them selected natively for one further on (smallestFirst), read back through the order.
 */
function sortedByPlace(walked: Uint32Array, at: Int32Array, order: Int32Array, from: number, to: number) {
  let places: Int32Array;
  if (to <= indexTuning.mostPlacesKept) places = smallestPlaces(walked, at, to);
  else {
    places = new Int32Array(walked.length);
    for (let i = 0; i < walked.length; i++) places[i] = at[walked[i] as number] ?? 0;
    places = smallestFirst(places, to);
  }
  return Array.from(places.subarray(from, to), (place) => order[place] ?? 0);
}

/**
 * The `wanted` smallest places of the walked products (`at`: each one's place), in order, in one
 * pass: each place past the largest kept is turned away with one comparison.
 */
export function smallestPlaces(walked: Uint32Array, at: Int32Array, wanted: number): Int32Array {
  const kept = new Int32Array(wanted);
  let size = 0;
  for (let i = 0; i < walked.length; i++) {
    const place = at[walked[i] as number] as number;
    if (size === wanted && place >= (kept[size - 1] as number)) continue;
    let slot = size === wanted ? size - 1 : size++;
    while (slot > 0 && (kept[slot - 1] as number) > place) {
      kept[slot] = kept[slot - 1] as number;
      slot--;
    }
    kept[slot] = place;
  }
  return kept.subarray(0, size);
}

/**
 * `values` with its `count` smallest first, in order (the rest after them in any order): those
 * selected (Hoare's selection), then sorted alone. A page of 24 of 60,000 matches sorted them all.
 */
export function smallestFirst(values: Int32Array, count: number): Int32Array {
  if (count * 8 >= values.length) return values.sort();
  const wanted = count - 1;
  let [low, high] = [0, values.length - 1];
  while (low < high) {
    const pivot = values[(low + high) >>> 1] as number;
    let [i, j] = [low, high];
    while (i <= j) {
      while ((values[i] as number) < pivot) i++;
      while ((values[j] as number) > pivot) j--;
      if (i <= j) {
        const swapped = values[i] as number;
        values[i] = values[j] as number;
        values[j] = swapped;
        i++;
        j--;
      }
    }
    if (wanted <= j) high = j;
    else if (wanted >= i) low = i;
    else break;
  }
  values.subarray(0, count).sort();
  return values;
}

/**
 * The products of `bits` that pass `test`. Read as a typed array: the bindings' toArray makes a
 * JavaScript array element by element ('gw' by relevance at a million parts: 8 ms of its 23).
 */
function filtered(bits: RoaringBitmap32, test: (ordinal: number) => boolean): RoaringBitmap32 {
  const passing: number[] = [];
  for (const ordinal of bits.toUint32Array()) if (test(ordinal)) passing.push(ordinal);
  return RoaringBitmap32.from(passing);
}

/** Whether every listed product is in `order`, which holds nothing else. */
function list(listed: RoaringBitmap32, order: Int32Array) {
  for (const ordinal of order) if (!listed.has(ordinal)) return false;
  return true;
}

function nullsLast<T>(a: T | null, b: T | null, compare: (x: T, y: T) => number) {
  if (a === null) return b === null ? 0 : 1;
  if (b === null) return -1;
  return compare(a, b);
}

/** A value meets a spec filter as spec-facets.ts's valueCondition has PostgreSQL compare it. */
function passes(filter: SpecFilter, num: number | null, txt: string | null) {
  if (filter.kind === "text") return txt !== null && filter.values.includes(txt);
  // Each condition holds only when given (a null number fails any comparison, as in SQL).
  const within = (ok: (n: number) => boolean) => num !== null && ok(num);
  return (
    (filter.values.length === 0 ||
      within((n) => filter.values.some((value) => n >= value - TOLERANCE && n <= value + TOLERANCE))) &&
    (filter.min === undefined || within((n) => n >= (filter.min as number) - TOLERANCE)) &&
    (filter.max === undefined || within((n) => n <= (filter.max as number) + TOLERANCE))
  );
}
