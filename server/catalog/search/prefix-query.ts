// What a buyer has typed so far, as PostgreSQL tsquery terms of prefixes (for suggestions).
// The index holds english stems ("grinding" as "grind", "abrasives" as "abras"), so a word typed
// part-way past its stem ("grindi", "abrasi") is no prefix of it: the last word also matches its own
// shorter forms, down to this, as lexemes exactly as typed (stemmed again, "abras" would be "abra").
const MIN_STEM = 4;

export interface PrefixQuery {
  /** The words typed before the last, each a prefix term, and-ed ("safety:*"), for to_tsquery('english'); "" when none. */
  before: string;
  /** The last word as a prefix term ("glasse:*"), for to_tsquery('english'). */
  last: string;
  /** The last word's shorter forms or-ed ("glas | glass"), for to_tsquery('simple'); "" when it has none. */
  shorter: string;
  /** The last word is one character: as a prefix it names most of the index's words ('c:*'). */
  lastIsOneCharacter: boolean;
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
  return {
    before: words.map((word) => `${word}:*`).join(" & "),
    last: `${last}:*`,
    shorter: shorter.join(" | "),
    lastIsOneCharacter: last.length === 1,
  };
}
