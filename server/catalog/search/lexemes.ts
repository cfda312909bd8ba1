// What PostgreSQL's 'english' text search makes of each plain word (letters and digits alone): its
// lexeme, or none for a stop word. Learnt from PostgreSQL a batch at a time and kept per database:
// the catalogue's words and their beginnings once its index is built, any other word when a query
// first holds it. A query of plain words is then printed here as PostgreSQL prints it, and the
// catalogue's index matches it without a statement to ask (a search at a million parts, one at a
// time: p50 6.1-7.4 ms against 6.5-8.1 asking, session 39). So is a query with sizes and synonyms
// ('4 1/2 grinding wheel'), its groups' phrases being plain words and numbers written as the
// normaliser writes them. Any other query (websearch's quotes, "or" and "-", a hyphenated synonym,
// any other character) is still printed by PostgreSQL. lexemes.integration.test.ts holds both
// printings equal, character for character.
import { sql } from "drizzle-orm";
import { db } from "../../db/client";
import { keptPerDatabase } from "../../db/kept";
import type { PrefixQuery } from "./prefix-query";
import type { NormalizedQuery } from "./query-normalizer";

/** A word's lexeme; "" for a stop word; null when PostgreSQL makes more than one lexeme of it. */
type Lexeme = string | null;

const keptLexemes = keptPerDatabase(() => new Map<string, Lexeme>());

// Letters and digits alone make one token of PostgreSQL's parser, whatever words stand around
// them, and nothing of websearch's syntax; the words are lower-cased first, as the parser does.
const PLAIN_TEXT = /^[a-z0-9 ]*$/i;
// One such word, lower-cased.
const PLAIN_WORD = /^[a-z0-9]+$/;
// websearch_to_tsquery's "or" between words.
const OR = "or";
// Words kept at most: past it the table starts again, so made-up words cannot grow it without end.
const MOST_KEPT = 1_000_000;
// Words asked for in one statement.
const BATCH = 10_000;

/** Learns the lexemes of the plain words among `words` not known yet. */
export async function learnLexemes(words: Iterable<string>): Promise<void> {
  const kept = keptLexemes();
  const unknown = [...new Set(words)].filter((word) => PLAIN_WORD.test(word) && !kept.has(word));
  for (let start = 0; start < unknown.length; start += BATCH) {
    const batch = unknown.slice(start, start + BATCH);
    // Plain words need no quoting in an array's text.
    const { rows } = await db().execute<{ word: string; q: string }>(
      sql`select word, websearch_to_tsquery('english', word)::text as q from unnest(${`{${batch.join(",")}}`}::text[]) as word`,
    );
    if (kept.size + rows.length > MOST_KEPT) kept.clear();
    for (const { word, q } of rows) kept.set(word, q === "" ? "" : /^'[^']*'$/.test(q) ? q.slice(1, -1) : null);
  }
}

/** The catalogue's words and every beginning of each: what buyers type, and type on the way to it. */
export function wordsAndBeginnings(words: Iterable<string>): Set<string> {
  const found = new Set<string>();
  for (const word of words) for (let end = 1; end <= word.length; end++) found.add(word.slice(0, end));
  return found;
}

/** Each word's lexeme ("" for a stop word), learning those not known; undefined when one has several. */
async function lexemesOf(words: string[]): Promise<string[] | undefined> {
  if (words.some((word) => !keptLexemes().has(word))) await learnLexemes(words);
  const kept = keptLexemes();
  const lexemes: string[] = [];
  for (const word of words) {
    const lexeme = kept.get(word);
    if (typeof lexeme !== "string") return undefined;
    lexemes.push(lexeme);
  }
  return lexemes;
}

/** The tokens of a text, lower-cased, as the parser splits plain words and sizes (at blanks). */
const tokensOf = (text: string) => text.toLowerCase().split(" ").filter(Boolean);

/** The words of a text of plain words, lower-cased; undefined for any other text. */
function plainWords(text: string): string[] | undefined {
  if (!PLAIN_TEXT.test(text)) return undefined;
  const words = tokensOf(text);
  return words.includes(OR) ? undefined : words;
}

const quoted = (lexeme: string) => `'${lexeme}'`;

/** `websearch_to_tsquery('english', text)::text` for a text of plain words; undefined for any other text. */
export async function printedWebsearch(text: string): Promise<string | undefined> {
  const words = plainWords(text);
  const lexemes = words && (await lexemesOf(words));
  return lexemes?.filter(Boolean).map(quoted).join(" & ");
}

// A size as query-normalizer.ts writes it into a phrase: a decimal, a number after a point alone
// ('.875', which PostgreSQL's parser reads as '875', the point a blank of its own), a fraction.
const DECIMAL = /^\d{1,12}\.\d{1,12}$/;
const AFTER_A_POINT = /^\.(\d{1,12})$/;
const FRACTION = /^\d{1,12}\/\d{1,12}$/;

/** A token's lexeme: a plain word's as learnt, a size's as PostgreSQL parses it; undefined for any other (or a word not learnt). */
function tokenLexeme(token: string): Lexeme | undefined {
  if (PLAIN_WORD.test(token)) return keptLexemes().get(token);
  if (DECIMAL.test(token) || FRACTION.test(token)) return token;
  return AFTER_A_POINT.exec(token)?.[1];
}

/**
 * `phraseto_tsquery('english', phrase)::text` for a phrase of plain words (learnt already) and
 * sizes (those of a size's or a synonym's group); undefined for any other. A stop word keeps its
 * place: 'cut of wheel' is 'cut' <2> 'wheel'.
 */
function printedPhrase(phrase: string): string | undefined {
  const printed: string[] = [];
  let distance = 1;
  for (const token of tokensOf(phrase)) {
    const lexeme = tokenLexeme(token);
    if (typeof lexeme !== "string") return undefined;
    if (lexeme === "") {
      distance++;
      continue;
    }
    if (printed.length > 0) printed.push(distance === 1 ? "<->" : `<${distance}>`);
    printed.push(quoted(lexeme));
    distance = 1;
  }
  return printed.join(" ");
}

/**
 * catalog-query.ts's tsQueryOf printed: the words' websearch query and-ed with each group's
 * phrases or-ed, as PostgreSQL prints it (an empty query dropped from "and" and "or" alike, an "or"
 * beside an "and" in parentheses). Undefined unless the words are plain and every phrase prints.
 */
export async function printedNormalized({ words, groups }: NormalizedQuery): Promise<string | undefined> {
  if (groups.length === 0) return printedWebsearch(words);
  // The plain words of the words and of every phrase learnt in one statement, not one a phrase.
  await learnLexemes([...tokensOf(words), ...groups.flat().flatMap(tokensOf)]);
  const parts: string[] = [];
  if (words) {
    const printed = await printedWebsearch(words);
    if (printed === undefined) return undefined;
    if (printed) parts.push(printed);
  }
  const ored: string[][] = [];
  for (const group of groups) {
    const phrases: string[] = [];
    for (const phrase of group) {
      const printed = printedPhrase(phrase);
      if (printed === undefined) return undefined;
      if (printed) phrases.push(printed);
    }
    if (phrases.length > 0) ored.push(phrases);
  }
  const alone = parts.length + ored.length === 1;
  for (const phrases of ored)
    parts.push(phrases.length > 1 && !alone ? `( ${phrases.join(" | ")} )` : phrases.join(" | "));
  return parts.join(" & ");
}

/**
 * What was typed as the header's suggestions ask for it (server/catalog/search/search.ts's
 * typedQuery), printed: the words before the last as prefixes, and-ed, with the last word's prefix
 * or-ed with its shorter forms ('simple' keeps those as typed). Undefined unless every word is plain.
 */
export async function printedTyped({ before, last, shorter }: PrefixQuery): Promise<string | undefined> {
  const words = plainWords([...before, last].join(" "));
  const lexemes = words && (await lexemesOf(words));
  if (!lexemes) return undefined;
  const lastLexeme = lexemes.pop();
  const prefixes = lexemes.filter(Boolean).map((lexeme) => `${quoted(lexeme)}:*`);
  const lastForms = [...(lastLexeme ? [`${quoted(lastLexeme)}:*`] : []), ...shorter.map(quoted)];
  const lastPart = lastForms.length > 1 && prefixes.length > 0 ? `( ${lastForms.join(" | ")} )` : lastForms.join(" | ");
  return [...prefixes, ...(lastPart ? [lastPart] : [])].join(" & ");
}
