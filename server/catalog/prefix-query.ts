// What a buyer has typed so far, as a PostgreSQL tsquery of prefixes (for suggestions).
// The index holds english stems ("grinding" as "grind"), so a word typed part-way past its stem
// ("grindi") is no prefix of it: the last word also matches its own shorter forms, down to this.
const MIN_STEM = 4;

/** Words as prefix terms for as-you-type matching: "grind whe" and "grindi" find "grinding wheel". */
export function prefixQuery(text: string): string {
  const words = (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).slice(0, 8);
  return words
    .map((word, index) => {
      if (index < words.length - 1 || !/^[a-z]+$/.test(word) || word.length <= MIN_STEM) return `${word}:*`;
      const shorter = Array.from({ length: word.length - MIN_STEM }, (_, cut) => word.slice(0, MIN_STEM + cut));
      return `(${[`${word}:*`, ...shorter].join(" | ")})`;
    })
    .join(" & ");
}
