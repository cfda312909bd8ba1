// Typo correction against the catalogue's own words: each word of a query that the catalogue
// does not use is replaced by the nearest word it does use, within one typo for a short word and
// two for a longer one (a typo: a letter wrong, missing, extra, or two letters swapped). Pure.

/** The catalogue's words, lower case, with how many products use each. */
export type Dictionary = ReadonlyMap<string, number>;

// Shorter words are too often a real abbreviation ('ss', 'hss') to correct.
const MIN_CORRECTED = 4;

/** Typos allowed in a word: one in four or five letters, two from six letters up. */
export const allowedTypos = (word: string) => (word.length < MIN_CORRECTED ? 0 : word.length < 6 ? 1 : 2);

/**
 * Edit distance with swaps of neighbours counted once (optimal string alignment), or `limit + 1`
 * as soon as it is known to pass `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, (before[j - 2] ?? 0) + 1);
      current[j] = value;
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}

/** Whether the catalogue uses the word, or its singular ('wheels' for 'wheel'). */
const known = (word: string, dictionary: Dictionary) =>
  dictionary.has(word) ||
  (word.endsWith("s") && dictionary.has(word.slice(0, -1))) ||
  (word.endsWith("es") && dictionary.has(word.slice(0, -2)));

/** The catalogue's nearest word to `word`: fewest typos, then the most used, then the first in order. */
export function correctWord(word: string, dictionary: Dictionary): string | undefined {
  const limit = allowedTypos(word);
  if (limit === 0 || !/^[a-z]+$/.test(word) || known(word, dictionary)) return undefined;
  let best: { word: string; distance: number; uses: number } | undefined;
  for (const [candidate, uses] of dictionary) {
    if (Math.abs(candidate.length - word.length) > limit || candidate.length < MIN_CORRECTED - 1) continue;
    const distance = editDistance(word, candidate, limit);
    if (distance > limit) continue;
    if (
      !best ||
      distance < best.distance ||
      (distance === best.distance && (uses > best.uses || (uses === best.uses && candidate < best.word)))
    )
      best = { word: candidate, distance, uses };
  }
  return best?.word;
}

/** The query with each misspelt word corrected, or undefined when no word needs it. */
export function correctQuery(query: string, dictionary: Dictionary): string | undefined {
  let changed = false;
  const corrected = query.toLowerCase().replace(/[a-z]+/g, (word, offset: number, whole: string) => {
    // Letters joined to digits are a part or model number ('dw8062'), not a word.
    if (/[0-9]/.test(whole[offset - 1] ?? "") || /[0-9]/.test(whole[offset + word.length] ?? "")) return word;
    const better = correctWord(word, dictionary);
    if (!better) return word;
    changed = true;
    return better;
  });
  return changed ? corrected.replace(/\s+/g, " ").trim() : undefined;
}
