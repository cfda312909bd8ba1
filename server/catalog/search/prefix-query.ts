// What a buyer has typed so far, as words matched by their beginnings (for suggestions).
// The index holds english stems ("grinding" as "grind", "abrasives" as "abras"), so a word typed
// part-way past its stem ("grindi", "abrasi") is no prefix of it: the last word also matches its own
// shorter forms, down to this, as lexemes exactly as typed (stemmed again, "abras" would be "abra").
const MIN_STEM = 4;

export interface PrefixQuery {
  /** The words typed before the last, lower case, each matched as a prefix ('safety:*' in to_tsquery('english')). */
  before: string[];
  /** The last word, lower case, matched as a prefix ('glasse:*'). */
  last: string;
  /** The last word's shorter forms, matched as typed ('glas | glass' in to_tsquery('simple')). */
  shorter: string[];
}

/** Words as prefix terms for as-you-type matching ("grind whe" and "grindi" find "grinding wheel"); undefined when there are none. */
export function prefixQuery(text: string): PrefixQuery | undefined {
  const words = (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).slice(0, 8);
  const last = words.pop();
  if (last === undefined) return undefined;
  const shorter =
    /^[a-z]+$/.test(last) && last.length > MIN_STEM
      ? Array.from({ length: last.length - MIN_STEM }, (_, cut) => last.slice(0, MIN_STEM + cut))
      : [];
  return { before: words, last, shorter };
}
