// ts_rank_cd, as PostgreSQL computes it (src/backend/utils/adt/tsrank.c, calc_rank_cd with the
// default weights and no normalisation), on a product's words kept by position in the index, so
// that search results by relevance come in the SQL path's very order. For queries of words and
// phrases joined by "and" and "or" (PostgreSQL 13 on: a cover holds a phrase only with its words in
// place); a negation or a prefix is ranked by PostgreSQL.
import { operandPositions, positionTest, type TsNode } from "./tsquery";

/**
 * A product's search vector: an entry per position, its word's id and position << 2 | weight,
 * grouped by word in ascending order of the ids, each word's positions ascending (as a tsvector
 * keeps them): a query's few words are found by a binary search, not by reading every position.
 */
export interface PositionedWords {
  entryWord: Int32Array;
  entryPos: Uint16Array;
}

/**
 * The first entry from `start` whose word id is at least `word` (`end` if none). Without a branch
 * on the entries: a product's words are in no order a branch could learn, and a mispredicted one
 * cost more than the rest of the search (two words in each of 88,883 matches: 80 -> 41 ns a match).
 */
export function firstEntryOf(entryWord: Int32Array, start: number, end: number, word: number): number {
  if (start >= end) return start;
  let base = start;
  let count = end - start;
  // Ids are far below 2^31: the difference's sign bit says "before `word`".
  while (count > 1) {
    const half = count >>> 1;
    base += half & (((entryWord[base + half] as number) - word) >> 31);
    count -= half;
  }
  return base - (((entryWord[base] as number) - word) >> 31);
}

// A ranker's table of the shapes met last, in slots by a hash's top bits: most matches have one of
// a few shapes ('grinding wheel': 117 among 88,883 matches at a million parts), found there without
// the Map's own hashing of the key.
const RECENT_SHAPE_BITS = 12;
const RECENT_SHAPES = 1 << RECENT_SHAPE_BITS;

// 1 / weight for D, C, B and A, the weights being the single-precision floats tsrank.c holds.
const INVERSE_WEIGHTS = [0.1, 0.2, 0.4, 1].map((weight) => 1 / Math.fround(weight));

/**
 * Each word's ts_rank_cd as a query of that word alone: each of its positions is a cover of its
 * own (no noise) worth its weight, summed in position order as tsrank.c sums them. The index keeps
 * its products by these ranks per word, so one word's best matches are found without ranking all.
 * Called with each word, its rank and its run of the entries (`start` to `end`; grouped by word).
 */
export function eachWordRank(
  { entryWord, entryPos }: PositionedWords,
  each: (word: number, rank: number, start: number, end: number) => void,
) {
  for (let i = 0; i < entryWord.length; ) {
    const word = entryWord[i] as number;
    const start = i;
    let sum = 0;
    for (; i < entryWord.length && entryWord[i] === word; i++)
      sum += 1 / (INVERSE_WEIGHTS[(entryPos[i] as number) & 3] as number);
    each(word, Math.fround(sum), start, i);
  }
}

/** One word's entry of `eachWordRank`, added up the same way without the others'. */
export function wordRank(
  { entryWord, entryPos }: PositionedWords,
  word: number,
  start = 0,
  end = entryWord.length,
): number {
  let sum = 0;
  for (let i = firstEntryOf(entryWord, start, end, word); i < end && entryWord[i] === word; i++)
    sum += 1 / (INVERSE_WEIGHTS[(entryPos[i] ?? 0) & 3] ?? 1);
  return Math.fround(sum);
}

/**
 * The ranking function of a query, or undefined when tsrank.c's covers would depend on more
 * than where its words are (a prefix, a negation). `wordId` numbers a word as the products'
 * entries do (-1: no product has it).
 */
export function rankerOf(
  tree: TsNode,
  wordId: (word: string) => number,
): ((words: PositionedWords, start?: number, end?: number) => number) | undefined {
  const test = positionTest(tree);
  if (!test) return undefined;
  const holdsIn = test.holds;
  if (tree.op === "word") {
    const word = wordId(tree.word);
    return (words, start, end) => (word < 0 ? 0 : wordRank(words, word, start, end));
  }
  const operandsOf = new Map<number, { text: string; operands: number[] }>();
  test.words.forEach((text, operand) => {
    const word = wordId(text);
    if (word < 0) return;
    const known = operandsOf.get(word);
    if (known) known.operands.push(operand);
    else operandsOf.set(word, { text, operands: [operand] });
  });
  // In the order of their ids, as a product's entries hold them: each word's run is searched for
  // from where the one before's ended.
  const inIdOrder = [...operandsOf].sort(([a], [b]) => a - b);
  const queryWords = inIdOrder.map(([word]) => word);
  const queryOperands = inIdOrder.map(([, known]) => known.operands);
  // Two words at one position and weight come in the order of the vector's lexemes (bytewise, as
  // PostgreSQL sorts them): each query word's place in that order.
  const lexemes = inIdOrder.map(([, known]) => Buffer.from(known.text));
  const lexemeOrder = lexemes.map((lexeme) => lexemes.filter((other) => Buffer.compare(other, lexeme) < 0).length);
  // Each operand's positions within the run looked at, as Cover hands them to TS_execute: a
  // phrase holds there only with its words in place within the run.
  let seen = operandPositions(test.words.length, 64);
  // Reused from product to product: ranking every match of a common word allocates nothing.
  let positions = new Int32Array(64);
  let weights = new Uint8Array(64);
  // The query words' entries in position order (then weight, then lexeme): packed, and which word.
  let packedAt = new Int32Array(64);
  let wordAt = new Int32Array(64);
  const operands: number[][] = [];
  // Each query word's run of the product's entries, from start to end.
  const runStart = new Int32Array(queryWords.length);
  const runEnd = new Int32Array(queryWords.length);
  // A rank depends on the document as get_docrep makes it alone, and many products make the same
  // one (the same words in the same places of their names): each is ranked once per query. The
  // document follows from the query words' runs (their positions, word by word), so a shape is
  // known by them: by a hash first, then whole (a string key cost more than the rest). Only a
  // shape not known yet is laid out in position order for its covers.
  const ranked = new Map<number, { shape: Uint16Array; rank: number }[]>();
  let kept = 0;
  const recentHashes = new Int32Array(RECENT_SHAPES);
  const recentShapes: ({ shape: Uint16Array; rank: number } | undefined)[] = new Array(RECENT_SHAPES).fill(undefined);
  // A document's entries from `start` to `end` (a run of the index's pools: no views made for it).
  return ({ entryWord, entryPos }, start = 0, end = entryWord.length) => {
    if (positions.length < end - start) {
      positions = new Int32Array(end - start);
      weights = new Uint8Array(end - start);
      packedAt = new Int32Array(end - start);
      wordAt = new Int32Array(end - start);
      seen = operandPositions(test.words.length, end - start);
    }
    let length = 0;
    let hash = 2166136261;
    let from = start;
    for (let k = 0; k < queryWords.length; k++) {
      const word = queryWords[k] as number;
      let i = firstEntryOf(entryWord, from, end, word);
      runStart[k] = i;
      for (; i < end && entryWord[i] === word; i++)
        hash = Math.imul(hash ^ (((entryPos[i] as number) << 4) | k), 16777619);
      runEnd[k] = i;
      length += i - (runStart[k] as number);
      from = i;
    }
    if (length === 0) return 0;
    // A long document (a key of thousands of arguments) is rare: ranked as it is.
    if (length > 1_000) return covers(layOut(entryPos));
    const slot = Math.imul(hash, 0x9e3779b1) >>> (32 - RECENT_SHAPE_BITS);
    const recent = recentShapes[slot];
    if (recentHashes[slot] === hash && recent && sameRuns(recent.shape, entryPos)) return recent.rank;
    const same = ranked.get(hash);
    if (same)
      for (const known of same)
        if (sameRuns(known.shape, entryPos)) {
          recentHashes[slot] = hash;
          recentShapes[slot] = known;
          return known.rank;
        }
    const rank = covers(layOut(entryPos));
    // Bounded: a query's matches of a million parts would otherwise keep as many.
    if (kept++ < 50_000) {
      // Each word's count of entries, then their positions, word after word.
      const shape = new Uint16Array(queryWords.length + length);
      let at = queryWords.length;
      for (let k = 0; k < queryWords.length; k++) {
        shape[k] = (runEnd[k] as number) - (runStart[k] as number);
        for (let i = runStart[k] as number; i < (runEnd[k] as number); i++) shape[at++] = entryPos[i] as number;
      }
      const entry = { shape, rank };
      if (same) same.push(entry);
      else ranked.set(hash, [entry]);
      recentHashes[slot] = hash;
      recentShapes[slot] = entry;
    }
    return rank;
  };
  /** Whether `shape` holds the runs just found, word by word. */
  function sameRuns(shape: Uint16Array, entryPos: Uint16Array) {
    let at = queryWords.length;
    for (let k = 0; k < queryWords.length; k++) {
      const to = runEnd[k] as number;
      if (shape[k] !== to - (runStart[k] as number)) return false;
      for (let i = runStart[k] as number; i < to; i++) if (shape[at++] !== entryPos[i]) return false;
    }
    return true;
  }
  /**
   * The document as get_docrep makes it, from the runs just found: the query's words' positions in
   * order (then weight, then lexeme), packed and which word, in `packedAt` and `wordAt`. Each run is
   * put in place among the others' (a query's words have a few positions each in a product).
   * Returns its length.
   */
  function layOut(entryPos: Uint16Array) {
    let length = 0;
    for (let k = 0; k < queryWords.length; k++) {
      const order = lexemeOrder[k] as number;
      for (let i = runStart[k] as number; i < (runEnd[k] as number); i++) {
        const packed = entryPos[i] as number;
        let slot = length++;
        for (; slot > 0; slot--) {
          const before = packedAt[slot - 1] as number;
          if (before < packed || (before === packed && (lexemeOrder[wordAt[slot - 1] as number] as number) < order))
            break;
          packedAt[slot] = before;
          wordAt[slot] = wordAt[slot - 1] as number;
        }
        packedAt[slot] = packed;
        wordAt[slot] = k;
      }
    }
    return length;
  }
  /** The sum of the covers' worth in the document's first `length` entries (of `packedAt` and `wordAt`). */
  function covers(length: number) {
    for (let at = 0; at < length; at++) {
      const packed = packedAt[at] as number;
      positions[at] = packed >> 2;
      weights[at] = packed & 3;
      operands[at] = queryOperands[wordAt[at] as number] as number[];
    }
    const clear = () => seen.count.fill(0);
    const mark = (at: number) => {
      for (const operand of operands[at] ?? []) {
        const list = seen.at[operand];
        const found = seen.count[operand] ?? 0;
        if (list) list[found] = positions[at] ?? 0;
        seen.count[operand] = found + 1;
      }
    };
    const holds = () => holdsIn(seen);
    let rank = 0;
    let from = 0;
    // Each cover: the shortest run of positions, from `from` on, that satisfies the query.
    for (;;) {
      let begin = -1;
      let end = -1;
      let p = Number.MAX_SAFE_INTEGER;
      let q = 0;
      let found = false;
      for (;;) {
        clear();
        p = Number.MAX_SAFE_INTEGER;
        q = 0;
        found = false;
        let last = from;
        for (let at = from; at < length; at++) {
          mark(at);
          if (holds()) {
            if ((positions[at] ?? 0) > q) {
              q = positions[at] ?? 0;
              end = at;
              last = at;
              found = true;
            }
            break;
          }
        }
        if (!found) return Math.fround(rank);
        clear();
        let at = last;
        for (; at >= from; at--) {
          mark(at);
          if (holds()) {
            if ((positions[at] ?? 0) < p) {
              begin = at;
              p = positions[at] ?? 0;
            }
            break;
          }
        }
        if (p <= q) {
          from = at + 1;
          break;
        }
        from++;
      }
      let inverseSum = 0;
      for (let at = begin; at <= end; at++) inverseSum += INVERSE_WEIGHTS[weights[at] ?? 0] ?? 0;
      const worth = (end - begin + 1) / inverseSum;
      let noise = q - p - (end - begin);
      if (noise < 0) noise = Math.trunc((end - begin) / 2);
      rank += worth / (1 + noise);
    }
  }
}
