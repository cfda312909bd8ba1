// What a trade buyer types, in the words the catalogue is written in. Sizes are written many ways
// ('4 1/2', '4-1/2', '4.5in', '4.5"', '115 mm') while names and specifications write them one way
// ('4.5 in', '7/8 in', '.045 in'), so each size becomes a group of the ways it may be written, and
// the operator's synonyms ('ss' = 'stainless steel') become groups too. Pure: no database.

/** A query as the search takes it: plain words (for websearch_to_tsquery) and groups of alternatives. */
export interface NormalizedQuery {
  /** The words left after sizes and synonyms were taken out. */
  words: string;
  /**
   * Each group must match; within a group any one phrase will do (for phraseto_tsquery). The first
   * phrase is what the buyer wrote, normalised.
   */
  groups: string[][];
}

/** Equivalent phrases, lower case: ['ss', 'stainless steel']. */
export type SynonymGroups = readonly (readonly string[])[];

// At most this many groups, so a long hostile query cannot build a huge tsquery.
export const MAX_GROUPS = 8;

const MM_PER_INCH = 25.4;
// Fractions the trade writes, largest denominator last: 7/8 rather than 14/16.
const DENOMINATORS = [2, 4, 8, 16, 32, 64];
// A metric size is its nominal inch size when within this share of it (115 mm is 4.53 in: 4-1/2).
const NOMINAL_TOLERANCE = 0.025;

const trimNumber = (value: number) => String(Number(value.toFixed(4)));

/** 4.5 → '4.5'; 0.875 → '.875' too, as catalogues write thicknesses ('.045 in'). */
function decimalForms(value: number): string[] {
  const text = trimNumber(value);
  return text.startsWith("0.") ? [text, text.slice(1)] : [text];
}

/** 0.875 → '7/8'; 4.5 → none (mixed numbers are written as decimals: '4.5 in'). */
function fractionForm(value: number): string | undefined {
  if (value <= 0 || value >= 1) return undefined;
  for (const bottom of DENOMINATORS) {
    const top = value * bottom;
    if (Math.abs(top - Math.round(top)) < 1e-6) return `${Math.round(top)}/${bottom}`;
  }
  return undefined;
}

/** The nominal inch size a metric size stands for (115 mm → 4.5), if one is close enough. */
export function nominalInches(millimetres: number): number | undefined {
  const inches = millimetres / MM_PER_INCH;
  if (!(inches > 0)) return undefined;
  // Coarse fractions first: 115 mm is 4-1/2 in, not 4-17/32.
  for (const bottom of [1, ...DENOMINATORS]) {
    const nominal = Math.round(inches * bottom) / bottom;
    if (nominal > 0 && Math.abs(nominal - inches) / inches <= NOMINAL_TOLERANCE) return nominal;
  }
  return undefined;
}

/** The ways an inch size may be written in the catalogue. */
function inchForms(value: number): string[] {
  const fraction = fractionForm(value);
  return [...decimalForms(value), ...(fraction ? [fraction] : [])];
}

// A size: a mixed number (4 1/2, 4-1/2), a fraction, or a decimal; then maybe a unit.
const SIZE =
  /(?<![\w./])(?:(\d+)[ -](\d+)\/(\d+)|(\d+)\/(\d+)|(\d*\.\d+|\d+))\s*(inches|inch|in\.?|"|''|″|mm|millimet(?:er|re)s?|cm)?(?![\w/]|\.\d)/gi;

interface Size {
  start: number;
  end: number;
  value: number;
  unit: "in" | "mm" | "cm" | undefined;
  /** A fraction or mixed number, which only inch sizes are written as. */
  fractional: boolean;
}

function findSizes(text: string): Size[] {
  const sizes: Size[] = [];
  for (const match of text.matchAll(SIZE)) {
    const [whole, mixedWhole, mixedTop, mixedBottom, top, bottom, plain, unitText] = match;
    let value: number;
    if (mixedWhole !== undefined) {
      if (Number(mixedTop) >= Number(mixedBottom)) continue;
      value = Number(mixedWhole) + Number(mixedTop) / Number(mixedBottom);
    } else if (top !== undefined) {
      if (Number(bottom) === 0) continue;
      value = Number(top) / Number(bottom);
    } else value = Number(plain);
    if (!Number.isFinite(value)) continue;
    const unitWord = unitText?.toLowerCase();
    const unit = !unitWord
      ? undefined
      : unitWord.startsWith("mm") || unitWord.startsWith("milli")
        ? "mm"
        : unitWord === "cm"
          ? "cm"
          : "in";
    sizes.push({
      start: match.index,
      end: match.index + whole.length,
      value,
      unit,
      fractional: mixedWhole !== undefined || top !== undefined,
    });
  }
  return sizes;
}

/** The alternatives a size may be written as, or none when it is a plain number to leave alone. */
function sizeGroup(size: Size): string[] | undefined {
  if (size.unit === "mm" || size.unit === "cm") {
    const millimetres = size.unit === "cm" ? size.value * 10 : size.value;
    const metric = `${trimNumber(size.value)} ${size.unit}`;
    const nominal = nominalInches(millimetres);
    return [metric, ...(nominal === undefined ? [] : inchForms(nominal))];
  }
  // A bare whole number ('60 grit', 'type 27') is no size; a fraction or an inch mark makes one.
  if (size.unit === "in" || size.fractional || !Number.isInteger(size.value)) return inchForms(size.value);
  return undefined;
}

// websearch_to_tsquery reads a '-' as "not"; one before nothing to negate only piles up, and past
// 32 of them in a row ('---…', '- - -…') PostgreSQL errs with "tsquery stack too small". Only a
// dash right before a letter or digit can negate anything, so every other one is a space.
const NOT_A_NEGATION = /-+(?![\p{L}\p{N}])/gu;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

type SynonymPhrase = { phrase: string; group: readonly string[]; pattern: RegExp };

// Each list of synonyms' phrases, longest first, with their patterns: made once, not for each search
// (a Unicode pattern is costly to compile, and a store has dozens of phrases).
const phrasesOf = new WeakMap<SynonymGroups, SynonymPhrase[]>();

function synonymPhrases(synonyms: SynonymGroups): SynonymPhrase[] {
  let phrases = phrasesOf.get(synonyms);
  if (!phrases) {
    phrases = synonyms
      .flatMap((group) => group.map((phrase) => ({ phrase, group })))
      .filter(({ phrase }) => phrase.trim())
      .sort((a, b) => b.phrase.length - a.phrase.length)
      .map(({ phrase, group }) => ({
        phrase,
        group,
        pattern: new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(phrase)}(?![\\p{L}\\p{N}])`, "iu"),
      }));
    phrasesOf.set(synonyms, phrases);
  }
  return phrases;
}

/** The query's words with each synonym phrase found in them taken out as a group. */
function takeSynonyms(text: string, synonyms: SynonymGroups, groups: string[][]): string {
  let rest = text;
  for (const { phrase, group, pattern } of synonymPhrases(synonyms)) {
    if (groups.length >= MAX_GROUPS) break;
    if (!pattern.test(rest)) continue;
    rest = rest.replace(pattern, " ");
    groups.push([phrase, ...group.filter((other) => other !== phrase)]);
  }
  return rest;
}

/**
 * Sizes and synonyms of `query` as groups of alternatives, and the words left. A query with
 * neither comes back as its own words and no groups.
 */
export function normalizeQuery(query: string, synonyms: SynonymGroups = []): NormalizedQuery {
  const groups: string[][] = [];
  let words = "";
  let from = 0;
  for (const size of findSizes(query)) {
    const group = groups.length < MAX_GROUPS ? sizeGroup(size) : undefined;
    if (!group) continue;
    words += `${query.slice(from, size.start)} `;
    // '5/8-11': the dash joins two sizes and must not negate the next word.
    from = query[size.end] === "-" ? size.end + 1 : size.end;
    groups.push(group);
  }
  words += query.slice(from);
  words = takeSynonyms(words.toLowerCase(), synonyms, groups);
  return { words: words.replace(NOT_A_NEGATION, " ").replace(/\s+/g, " ").trim(), groups };
}
