// What search knows of the catalogue's language: the operator's synonyms and the spelling
// dictionary (the words of product names, brands and categories). Both are read once per process
// and database, and read again after the events that change them, so a search costs no query for
// them; a store process reads both once its catalogue index is built (readSearchVocabulary).
import { asc, sql } from "drizzle-orm";
import { type Database, db } from "../../db/client";
import { products, searchSynonyms } from "../../db/schema";
import { onStoreEvent } from "../../events";
import { listedForBuyers } from "../products/visibility";
import { learnLexemes, wordsAndBeginnings } from "./lexemes";
import type { SynonymGroups } from "./query-normalizer";
import type { Dictionary } from "./spelling";

// Keyed by the database, so a test's fresh database never sees another's; replaced (not cleared)
// on a change, so a read still under way when the change lands is not kept.
let synonymsKept = new WeakMap<Database, Promise<SynonymGroups>>();
// The dictionary takes a pass over every product (about a second at 100,000): after a catalogue
// change the old one keeps serving until the new one is read, so no search waits for it.
interface KeptDictionary {
  current: Promise<Dictionary>;
  /** The catalogue version it was read at. */
  version: number;
  refreshing?: Promise<Dictionary>;
}
const dictionaryKept = new WeakMap<Database, KeptDictionary>();
let dictionaryVersion = 0;
let listening = false;

function listen() {
  if (listening) return;
  listening = true;
  onStoreEvent("searchSynonymsChanged", () => {
    synonymsKept = new WeakMap();
  });
  const staleDictionary = () => {
    dictionaryVersion += 1;
  };
  onStoreEvent("catalogChanged", staleDictionary);
  onStoreEvent("categoriesChanged", staleDictionary);
}

function kept<T>(map: WeakMap<Database, Promise<T>>, read: (database: Database) => Promise<T>): Promise<T> {
  listen();
  const database = db();
  let value = map.get(database);
  if (!value) {
    value = read(database);
    // A failed read is not kept: the next search asks again.
    value.catch(() => map.delete(database));
    map.set(database, value);
  }
  return value;
}

/** The synonym groups, each as lower-case phrases. */
export function searchSynonymGroups(): Promise<SynonymGroups> {
  return kept(synonymsKept, async (database) => {
    const rows = await database
      .select({ phrases: searchSynonyms.phrases })
      .from(searchSynonyms)
      .orderBy(asc(searchSynonyms.createdAt));
    return rows.map((row) => row.phrases.map((phrase) => phrase.toLowerCase()));
  });
}

/** The words of listed products' names, brands, categories and subcategories, with their use counts. */
export function spellingDictionary(): Promise<Dictionary> {
  listen();
  const database = db();
  const entry = dictionaryKept.get(database);
  if (!entry) {
    const current = readDictionary(database);
    dictionaryKept.set(database, { current, version: dictionaryVersion });
    current.catch(() => dictionaryKept.delete(database));
    return current;
  }
  if (entry.version !== dictionaryVersion && !entry.refreshing) {
    const version = dictionaryVersion;
    entry.refreshing = readDictionary(database);
    entry.refreshing
      .then(
        (dictionary) => {
          entry.current = Promise.resolve(dictionary);
          entry.version = version;
        },
        () => {},
      )
      .finally(() => {
        entry.refreshing = undefined;
      });
  }
  return entry.current;
}

async function readDictionary(database: Database): Promise<Dictionary> {
  const words = sql<string>`regexp_split_to_table(lower(${products.name} || ' ' || ${products.brand} || ' ' || ${products.category} || ' ' || ${products.subcategory}), '[^a-z]+')`;
  const perProduct = database
    .select({ word: words.as("word") })
    .from(products)
    .where(listedForBuyers(null))
    .as("words");
  const rows = await database
    .select({ word: perProduct.word, uses: sql<number>`count(*)::int` })
    .from(perProduct)
    .where(sql`length(${perProduct.word}) >= 3`)
    .groupBy(perProduct.word);
  return new Map(rows.map((row) => [row.word, row.uses]));
}

/**
 * Reads the synonyms and the dictionary before a search needs them: the dictionary's pass over
 * every product (seconds at a million parts) would otherwise fall on the first misspelt query.
 */
export async function readSearchVocabulary(): Promise<void> {
  const [, dictionary] = await Promise.all([searchSynonymGroups(), spellingDictionary()]);
  // And what PostgreSQL makes of the catalogue's words and of what buyers type on the way to them.
  await learnLexemes(wordsAndBeginnings(dictionary.keys()));
}
