// pg_trgm's word_similarity(query, name), as contrib/pg_trgm/trgm_op.c computes it, for ASCII
// text: the catalogue index answers "names within a typo" (`query <% name`) without PostgreSQL.
// Outside ASCII, which characters make words and how they lower-case is the database locale's
// business, so such text is left to PostgreSQL (`trigramWords` says undefined).
//
// pg_trgm reads a text as its words (runs of letters and digits), each lower-cased and padded with
// two spaces before and one after, and takes every three characters in a row of each: 'belt' is
// '  b', ' be', 'bel', 'elt', 'lt '. A word similarity is the best, over stretches of the name's
// trigrams, of shared / (query's distinct + stretch's distinct − shared), in single precision, as
// pg_trgm's own scan (iterate_word_similarity) finds it: a heuristic, reproduced step by step.

// Space, digits and the lower-case letters: 37 characters, so a trigram is a number below 37³.
const SPACE = 0;
const codeOf = new Int8Array(128).fill(-1);
codeOf[32] = SPACE;
for (let c = 48; c <= 57; c++) codeOf[c] = c - 47;
for (let c = 97; c <= 122; c++) codeOf[c] = c - 86;
for (let c = 65; c <= 90; c++) codeOf[c] = c - 54;

/** How many trigram numbers there are (each below this). */
export const TRIGRAMS = 37 ** 3;

/** pg_trgm's default `pg_trgm.word_similarity_threshold` (the store never sets it), as the float4 compared. */
export const WORD_SIMILARITY_THRESHOLD = Math.fround(0.6);

/**
 * A text's words as pg_trgm reads them, lower-cased and joined by single spaces ('' when it has
 * none), or undefined when it holds anything outside ASCII (the locale decides those).
 */
export function trigramWords(text: string): string | undefined {
  let words = "";
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128) return undefined;
    const code = codeOf[c] ?? -1;
    if (code > 0) {
      if (!inWord && words.length > 0) words += " ";
      words += c >= 65 && c <= 90 ? String.fromCharCode(c + 32) : text[i];
      inWord = true;
    } else inWord = false;
  }
  return words;
}

/** The trigrams of words (as `trigramWords` gives them) in pg_trgm's order, repeats kept. */
export function trigramSequence(words: string, into: number[] = []): number[] {
  into.length = 0;
  if (words.length === 0) return into;
  let a = SPACE;
  let b = SPACE;
  for (let i = 0; i <= words.length; i++) {
    // The end of the words is the last word's end: one space after it.
    const code = i === words.length ? SPACE : (codeOf[words.charCodeAt(i)] ?? SPACE);
    into.push((a * 37 + b) * 37 + code);
    if (code === SPACE) {
      // A word ended: the next starts after two spaces.
      a = SPACE;
      b = SPACE;
    } else {
      a = b;
      b = code;
    }
  }
  return into;
}

// Per trigram, its last position in the stretch being scanned (-1: none): shared by every
// similarity, put back to -1 after each.
const lastAt = new Int32Array(TRIGRAMS).fill(-1);

/** A query's trigrams, ready to compare with many names. */
export class TrigramQuery {
  /** The query's distinct trigrams. */
  readonly distinct: number[];
  private readonly found = new Uint8Array(TRIGRAMS);
  private readonly sequence: number[] = [];

  constructor(words: string) {
    this.distinct = [...new Set(trigramSequence(words))];
    for (const trigram of this.distinct) this.found[trigram] = 1;
  }

  /**
   * The fewest distinct query trigrams a name must have to reach `threshold`: a similarity is at
   * most shared / query's distinct.
   */
  fewestShared(threshold: number) {
    const all = this.distinct.length;
    for (let shared = 1; shared <= all; shared++) if (Math.fround(shared / all) >= threshold) return shared;
    return all + 1;
  }

  /** word_similarity(query, the text whose words these are), a float4. */
  similarity(words: string): number {
    return this.similarityOf(trigramSequence(words, this.sequence));
  }

  /** The similarity with a text's trigram sequence (iterate_word_similarity, without its early stop). */
  similarityOf(name: number[]): number {
    const { found } = this;
    const all = this.distinct.length;
    const sml = (shared: number, distinct: number) => Math.fround(shared / (all + distinct - shared));
    let distinct = 0;
    let shared = 0;
    let lower = -1;
    let best = 0;
    for (let i = 0; i < name.length; i++) {
      const trigram = name[i] as number;
      const wanted = found[trigram] === 1;
      // Before the first shared trigram, only shared ones are remembered.
      if (lower >= 0 || wanted) {
        if ((lastAt[trigram] as number) < 0) {
          distinct++;
          if (wanted) shared++;
        }
        lastAt[trigram] = i;
      }
      if (!wanted) continue;
      const upper = i;
      if (lower === -1) {
        lower = i;
        distinct = 1;
      }
      let current = sml(shared, distinct);
      // Moving the stretch's start right may raise it: the best start is kept.
      let tryShared = shared;
      let tryDistinct = distinct;
      const previousLower = lower;
      for (let start = lower; start <= upper; start++) {
        const tried = sml(tryShared, tryDistinct);
        if (tried > current) {
          current = tried;
          distinct = tryDistinct;
          lower = start;
          shared = tryShared;
        }
        const leaving = name[start] as number;
        if (lastAt[leaving] === start) {
          tryDistinct--;
          if (found[leaving] === 1) tryShared--;
        }
      }
      if (current > best) best = current;
      for (let start = previousLower; start < lower; start++) {
        const leaving = name[start] as number;
        if (lastAt[leaving] === start) lastAt[leaving] = -1;
      }
    }
    for (const trigram of name) lastAt[trigram] = -1;
    return best;
  }
}
