// The catalogue index answers exactly as SQL does: random searches, listings, filters, sorts and
// pages, asked of both, with identical totals, group and facet counts and pages; again after a
// burst of random catalogue changes that the index learns of only through the change log.
import { eq, inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SpecFilter } from "../../../domain/catalog/spec-filters";
import { withTestDatabase } from "../../../test/database";
import type { CatalogueScope } from "../../context";
import {
  companies,
  companyCatalogueCategories,
  companyCatalogueParts,
  companyCatalogues,
  productAttributeValues,
  products,
} from "../../db/schema";
import {
  type CatalogQuery,
  catalogSorts,
  findProducts,
  keepCommonPhrases,
  prepare,
  resultsFor,
} from "../search/catalog-query";
import { suggestProducts } from "../search/search";
import { scopeAttributes } from "../search/spec-facets";
import { seedCatalogIfEmpty } from "../seed/seed";
import { CatalogueIndex, indexTuning } from "./catalogue-index";
import { answerFrom, currentIndex, indexStats } from "./current";
import { type CatalogueFollower, followCatalogue } from "./follow";
import { TrigramQuery, trigramWords } from "./trigrams";
import { parseTsQuery } from "./tsquery";

const { handle } = withTestDatabase();

let follower: CatalogueFollower;
let words: string[];
let categories: string[];
let subcategories: string[];
let brands: string[];
const categoryOf = new Map<string, string>();
let productIds: string[];
let nameWords: string[];
let catalogue: CatalogueScope;
const valuesBySlug = new Map<string, { numbers: number[]; texts: string[] }>();

beforeAll(async () => {
  const { db } = handle();
  await seedCatalogIfEmpty(db);
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      partNumber: products.partNumber,
      brand: products.brand,
      category: products.category,
      subcategory: products.subcategory,
    })
    .from(products);
  productIds = rows.map((row) => row.id);
  for (const row of rows) categoryOf.set(row.subcategory, row.category);
  const unique = (list: string[]) => [...new Set(list)].sort();
  categories = unique(rows.map((row) => row.category));
  subcategories = unique(rows.map((row) => row.subcategory));
  brands = unique(rows.map((row) => row.brand));
  nameWords = unique(rows.slice(0, 300).flatMap((row) => row.name.toLowerCase().split(/\s+/)));
  words = [
    ...nameWords.slice(0, 60),
    ...brands.slice(0, 5),
    ...rows.slice(0, 10).map((row) => row.partNumber.slice(0, 5)),
    ...rows.slice(0, 5).map((row) => row.partNumber),
    // Fragments from inside a part number, matched on the part keys' trigrams.
    ...rows.slice(10, 15).map((row) => row.partNumber.slice(2, 8)),
    // A word most parts have, stop words, a misspelling, a phrase, a negation, a fragment of nothing.
    "industrial",
    "the",
    "in",
    "grindng whel",
    // Nothing by words nor by spelling: names within a typo.
    "grindingwhel",
    '"cut off"',
    '"grinding wheel"',
    "cut-off wheel",
    "aluminum oxide",
    "type 27",
    "4 1/2 grinding wheel",
    "wheel -steel",
    "stainless steel",
    "hss",
    "zzqx",
    "gw",
    "fd",
  ];
  const values = await db
    .select({
      slug: sql<string>`(select slug from attributes a where a.id = ${productAttributeValues.attributeId})`,
      num: productAttributeValues.numberValue,
      txt: productAttributeValues.textValue,
    })
    .from(productAttributeValues)
    .limit(20_000);
  for (const { slug, num, txt } of values) {
    const entry = valuesBySlug.get(slug) ?? { numbers: [], texts: [] };
    if (num !== null && !entry.numbers.includes(num)) entry.numbers.push(num);
    if (txt !== null && !entry.texts.includes(txt)) entry.texts.push(txt);
    valuesBySlug.set(slug, entry);
  }
  // A company's own catalogue: two categories' parts, one more part, less one of theirs.
  const [company] = await db.insert(companies).values({ name: "Index Co" }).returning();
  if (!company) throw new Error("no company");
  await db.insert(companyCatalogues).values({ companyId: company.id });
  await db
    .insert(companyCatalogueCategories)
    .values(
      [categories[0], subcategories[3]].flatMap((category) => (category ? [{ companyId: company.id, category }] : [])),
    );
  const [included, excluded] = [rows.find((row) => row.category !== categories[0]), rows[0]];
  if (included)
    await db.insert(companyCatalogueParts).values({ companyId: company.id, productId: included.id, included: true });
  if (excluded)
    await db.insert(companyCatalogueParts).values({ companyId: company.id, productId: excluded.id, included: false });
  catalogue = { companyId: company.id, version: 1 };

  // Words of 40 parts or more are kept by rank (a store does this from 1,000): one word's search
  // by relevance then takes its page from them here too, part-number prefixes ('gw') among them.
  // And by shape (a store: from 10,000), so that two of them are ranked a pair of shapes at a time,
  // and counted by spec value, category and brand (a store: from 10,000), so that one of them
  // searched for alone reads its facets' counts from its tally.
  indexTuning.rankedFrom = 40;
  indexTuning.shapedFrom = 40;
  indexTuning.talliedFrom = 40;
  // And a hyphenated word of 40 parts or more has its phrase kept (a store: from 10,000).
  indexTuning.keptCompoundFrom = 40;
  follower = followCatalogue();
  await follower.built;
  expect(currentIndex()?.size).toBeGreaterThan(1000);
}, 180_000);

afterAll(() => follower?.stop());

const pick = <T>(list: T[], n: number) => list[n % list.length] as T;

const sometimes = (arbitrary: fc.Arbitrary<number>) =>
  fc.oneof({ arbitrary: fc.constant(null), weight: 2 }, { arbitrary, weight: 1 });

const queries = fc.record({
  q: fc.option(
    fc.oneof(
      fc.nat().map((n) => pick(words, n)),
      fc.tuple(fc.nat(), fc.nat()).map(([a, b]) => `${pick(words, a)} ${pick(words, b)}`),
    ),
  ),
  // Each narrowing now and then, so that spec filters and facets are mostly asked of products that exist.
  category: sometimes(fc.nat()),
  subcategory: sometimes(fc.nat()),
  brand: sometimes(fc.nat()),
  inStock: fc.boolean(),
  sort: fc.constantFrom(...catalogSorts),
  page: fc.constantFrom(0, 0, 1),
  spec: fc.array(fc.record({ attribute: fc.nat(), value: fc.nat(), range: fc.boolean() }), { maxLength: 2 }),
  ofCompany: fc.boolean(),
  groupCounts: fc.boolean(),
  // Spec facets counted by walking the products in scope, or a bitmap intersection per value.
  walk: fc.boolean(),
  // A page further down a sort order found by reading each product's place, or through marks.
  places: fc.boolean(),
});

/** The catalogue query a generated case stands for, with its spec filters read against real values. */
async function queryOf(generated: typeof queries extends fc.Arbitrary<infer T> ? T : never): Promise<CatalogQuery> {
  const subcategory = generated.subcategory === null ? undefined : pick(subcategories, generated.subcategory);
  const q = generated.q ?? undefined;
  const attributes =
    subcategory || q
      ? await scopeAttributes(subcategory ? [subcategory] : undefined, ["q", "sort", "page", "brand", "stock"])
      : [];
  const filters: SpecFilter[] = [];
  for (const { attribute: at, value, range } of attributes.length > 0 ? generated.spec : []) {
    const attribute = pick(attributes, at);
    const known = valuesBySlug.get(attribute.slug);
    if (!known || filters.some((filter) => filter.slug === attribute.slug)) continue;
    if (attribute.kind === "number" && known.numbers.length > 0) {
      const number = pick(known.numbers, value);
      filters.push(
        range
          ? {
              slug: attribute.slug,
              kind: "number",
              family: "length",
              unit: null,
              values: [],
              min: number,
              max: number * 2,
            }
          : { slug: attribute.slug, kind: "number", family: "length", unit: null, values: [number] },
      );
    } else if (known.texts.length > 0) {
      filters.push({
        slug: attribute.slug,
        kind: "text",
        values: range ? [pick(known.texts, value), pick(known.texts, value + 1)] : [pick(known.texts, value)],
      });
    }
  }
  return {
    catalogue: generated.ofCompany ? catalogue : null,
    q,
    // A subcategory's own category, or none: any other leaves nothing to count.
    category:
      generated.category === null
        ? undefined
        : subcategory
          ? categoryOf.get(subcategory)
          : pick(categories, generated.category),
    subcategory,
    brand: generated.brand === null ? undefined : pick(brands, generated.brand),
    inStock: generated.inStock,
    sort: generated.sort,
    offset: generated.page * 24,
    limit: 24,
    spec: { filters, units: "inch" },
    attributes,
    groupCounts: generated.groupCounts,
    scopeTotal: !generated.groupCounts,
  };
}

/** The same query answered by SQL alone and with the index. */
async function bothWays(query: CatalogQuery) {
  const index = currentIndex();
  answerFrom(undefined);
  const bySql = await findProducts(query);
  answerFrom(index);
  const byIndex = await findProducts(query);
  const shape = (results: typeof bySql) => ({ ...results, items: results.items.map((item) => item.partNumber) });
  return { bySql: shape(bySql), byIndex: shape(byIndex) };
}

const property = () =>
  fc.asyncProperty(queries, async (generated) => {
    const query = await queryOf(generated);
    indexTuning.walkStepsPerChunk = generated.walk ? Number.POSITIVE_INFINITY : 0;
    // A sort order walked through marks from the first step, or from the second (asked of the bitmap before).
    indexTuning.callsBeforeMarks = generated.walk ? 0 : 1;
    indexTuning.mostPlacesKept = generated.places ? Number.POSITIVE_INFINITY : 0;
    const { bySql, byIndex } = await bothWays(query);
    expect(byIndex, JSON.stringify({ ...query, attributes: undefined })).toEqual(bySql);
  });

// One word searched for alone, nothing narrowing it but stock or a company's catalogue: a common
// word's counts are then read from its tally (indexTuning.talliedFrom).
const wordAlone = () =>
  fc.asyncProperty(queries, fc.nat(), async (generated, word) => {
    const query = await queryOf({
      ...generated,
      q: pick(words, word),
      category: null,
      subcategory: null,
      brand: null,
      spec: [],
    });
    const { bySql, byIndex } = await bothWays(query);
    expect(byIndex, JSON.stringify({ ...query, attributes: undefined })).toEqual(bySql);
  });

// A name's word misspelt: a letter dropped, doubled, swapped with the next, changed, or two words run together.
const misspelt = fc.oneof(
  // The renamed parts of the burst below, some outside ASCII.
  fc.constantFrom("renamd part", "industriel renamed", "indstrial"),
  fc
    .tuple(fc.nat(), fc.nat(), fc.nat(), fc.constantFrom("drop", "double", "swap", "change", "join"), fc.boolean())
    .map(([a, b, at, how, two]) => {
      const word = pick(nameWords, a);
      const i = at % Math.max(1, word.length);
      const typo =
        how === "drop"
          ? word.slice(0, i) + word.slice(i + 1)
          : how === "double"
            ? word.slice(0, i + 1) + word.slice(i)
            : how === "swap"
              ? word.slice(0, i) + word.slice(i + 1, i + 2) + word.slice(i, i + 1) + word.slice(i + 2)
              : how === "change"
                ? `${word.slice(0, i)}q${word.slice(i + 1)}`
                : word + pick(nameWords, b);
      return two ? `${typo} ${pick(nameWords, b)}` : typo;
    }),
);

/** Names within a typo of a misspelt query, with the generated filters, sort and page: by SQL and by the index. */
const typoProperty = () =>
  fc.asyncProperty(queries, misspelt, async (generated, text) => {
    // Half with group counts and no filters, half filtered: a typo's few matches are soon filtered away.
    const bare = generated.groupCounts;
    const narrowed = {
      ...generated,
      q: text,
      subcategory: null,
      category: bare ? null : generated.category,
      brand: bare ? null : generated.brand,
      inStock: !bare && generated.inStock,
      spec: bare ? [] : generated.spec,
    };
    const query = { ...(await queryOf(narrowed)), q: text };
    const matcher = { prepared: await prepare(text), mode: "typo" as const };
    const index = currentIndex();
    answerFrom(undefined);
    const bySql = await resultsFor(query, matcher);
    answerFrom(index);
    const declined = indexStats.declined;
    const byIndex = await resultsFor(query, matcher);
    expect(indexStats.declined).toBe(declined);
    const shape = (results: typeof bySql) => ({ ...results, items: results.items.map((item) => item.partNumber) });
    expect(shape(byIndex), JSON.stringify({ ...query, attributes: undefined })).toEqual(shape(bySql));
    typoFound += bySql.total;
  });
// Products the typo queries found: a test that found none would prove little.
let typoFound = 0;

describe("the catalogue index against SQL", () => {
  it("answers random searches, listings, filters, sorts and pages exactly as SQL does", async () => {
    const before = { ...indexStats };
    await fc.assert(property(), { numRuns: 80 });
    await fc.assert(wordAlone(), { numRuns: 40 });
    // Most queries were the index's to answer (names within a typo are SQL's): by how
    // many depends on the random queries, so the test asks for a majority, not a ratio.
    const answered = indexStats.answered - before.answered;
    expect(answered).toBeGreaterThan(indexStats.declined - before.declined);
  }, 300_000);

  it("ranks searches of several words by relevance as ts_rank_cd does, page after page", async () => {
    const before = { ...indexStats };
    for (const q of [
      "grinding wheel",
      "flap disc 60",
      "wire wheel",
      "cut off wheel",
      "sanding disc",
      "industrial wheel",
      "gw",
      "industrial",
      // A size's forms or-ed ('0.25' | '25' | '1/4'), and a synonym of one word ('zirc' | 'zirconia').
      "1/4",
      "1/2 in",
      "zirc",
    ])
      for (const offset of [0, 24, 48]) {
        const { bySql, byIndex } = await bothWays({ catalogue: null, q, sort: "relevance", offset, limit: 24 });
        expect(byIndex, `${q} from ${offset}`).toEqual(bySql);
      }
    expect(indexStats.answered - before.answered).toBeGreaterThanOrEqual(27);
    expect(indexStats.pagesBySql - before.pagesBySql).toBe(0);
  });

  it("computes word_similarity as the database does", async () => {
    const { db } = handle();
    const pairs = fc.sample(
      fc.tuple(
        fc.string({ unit: fc.constantFrom(..."abcab 1x-_.A9"), maxLength: 12 }),
        fc.string({ unit: fc.constantFrom(..."abcab 1x-_.A9"), maxLength: 40 }),
      ),
      { numRuns: 500, seed: 35 },
    );
    pairs.push(...nameWords.slice(0, 40).map((word, i): [string, string] => [word.slice(1), pick(nameWords, i * 7)]));
    const rows = await db.execute<{ w: number }>(
      sql`select word_similarity(p->>0, p->>1) as w from jsonb_array_elements(${JSON.stringify(pairs)}::jsonb) with ordinality as t(p, n) order by n`,
    );
    const ours = pairs.map(([a, b]) => new TrigramQuery(trigramWords(a) ?? "").similarity(trigramWords(b) ?? ""));
    expect(ours).toEqual(rows.rows.map((row) => Math.fround(Number(row.w))));
  });

  it("answers names within a typo exactly as pg_trgm does: matches, order, counts and facets", async () => {
    await fc.assert(typoProperty(), { numRuns: 60 });
    // How many depends on the random queries (77 to a few hundred seen): enough to show they found some.
    expect(typoFound).toBeGreaterThan(20);
  }, 300_000);

  it("ranks synonyms and phrases by relevance as ts_rank_cd does, filtered and page after page", async () => {
    const before = { ...indexStats };
    // The synonyms' phrases are kept by the index, with their products by rank: a search holding
    // one takes them rather than testing its candidates one by one.
    const index = currentIndex();
    if (!index) throw new Error("no index");
    await keepCommonPhrases(index);
    // Synonyms of several words are phrases or-ed with a word ('ao' | 'aluminum' <-> 'oxid').
    const phrases = fc.record({
      q: fc.constantFrom(
        "aluminum oxide",
        "high speed steel",
        "hss",
        "ppe",
        "ss",
        "stainless steel",
        "cut-off wheel",
        '"cut off wheel"',
        "115 mm grinding wheel",
        '"grinding wheel" 4 1/2',
        "ao flap disc",
      ),
      page: fc.constantFrom(0, 1, 2),
      category: fc.option(fc.nat()),
      brand: fc.option(fc.nat(), { freq: 4 }),
      inStock: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(phrases, async ({ q, page, category, brand, inStock }) => {
        const query: CatalogQuery = {
          catalogue: null,
          q,
          category: category === null ? undefined : pick(categories, category),
          brand: brand === null ? undefined : pick(brands, brand),
          inStock,
          sort: "relevance",
          offset: page * 24,
          limit: 24,
          groupCounts: true,
        };
        const { bySql, byIndex } = await bothWays(query);
        expect(byIndex, JSON.stringify(query)).toEqual(bySql);
      }),
      { numRuns: 40 },
    );
    const tested = vi.spyOn(CatalogueIndex.prototype as unknown as { matchPositions: () => void }, "matchPositions");
    // A synonym's phrase, and a common hyphenated word's ('cut-off' <-> 'cut').
    expect(index.commonCompounds()).toContain("cut-off");
    for (const q of ["aluminum oxide", "cut-off wheel"]) {
      const { bySql, byIndex } = await bothWays({ catalogue: null, q, sort: "relevance", limit: 24 });
      expect(byIndex, q).toEqual(bySql);
      expect(bySql.total, q).toBeGreaterThan(0);
    }
    expect(tested).not.toHaveBeenCalled();
    tested.mockRestore();
    // (A filter leaving nothing has names within a typo tried, which only SQL answers.)
    expect(indexStats.answered - before.answered).toBeGreaterThanOrEqual(30);
    expect(indexStats.pagesBySql - before.pagesBySql).toBe(0);
  }, 300_000);

  it("suggests the most popular parts whose words start as typed, as SQL does", async () => {
    const index = currentIndex();
    const withinTypo = vi.spyOn(CatalogueIndex.prototype, "suggestWithinTypo");
    const tuned = { ...indexTuning };
    // A prefix after a word ('flap d') each way: its words or-ed, or the word's products read, or
    // the word's most popular products read in order for the prefix until there are enough.
    // (The word's matches marked to be read, or each asked of their bitmap.) Last, every prefix's
    // products kept once asked, as those of a prefix of many words are.
    // The popular matches walked to by asking the bitmap, or through marks (from the start, or
    // after a step, going on from the first of their places).
    const ways = [
      [0, 0, 0, tuned.keptPrefixFrom, Number.POSITIVE_INFINITY],
      [Number.POSITIVE_INFINITY, 0, 0, tuned.keptPrefixFrom, 0],
      [0, 1e9, 1e9, tuned.keptPrefixFrom, Number.POSITIVE_INFINITY],
      [0, 1e9, 0, tuned.keptPrefixFrom, 0],
      [0, 1e9, 0, tuned.keptPrefixFrom, 1],
      [0, 1e9, 0, tuned.keptPrefixFrom, Number.POSITIVE_INFINITY],
      [0, 0, 0, 1, 1],
    ] as const;
    for (const [typed, [entries, reads, callSteps, keptFrom, calls]] of [
      "gri",
      "grinding w",
      "flap d",
      "wire",
      "sanding disc 6",
      "safety g",
      "zzq",
      "hose c",
      "grinding wheel zzzzqq",
      "flap disc qqqq",
      "indstrialz",
    ].flatMap((typed) => ways.map((way) => [typed, way] as const))) {
      Object.assign(indexTuning, {
        entriesPerPrefixWord: entries,
        popularReadsPerWord: reads,
        bitmapCallSteps: callSteps,
        keptPrefixFrom: keptFrom,
        callsBeforeMarks: calls,
      });
      answerFrom(undefined);
      const bySql = await suggestProducts(typed, null);
      answerFrom(index);
      expect(await suggestProducts(typed, null), typed).toEqual(bySql);
    }
    Object.assign(indexTuning, tuned);
    // 'flap disc qqqq' finds nothing by its words nor by spelling: names within a typo, from the index.
    expect(withinTypo).toHaveBeenCalled();
    withinTypo.mockRestore();
    const tree = parseTsQuery("'grind':*");
    expect(tree && index?.suggest(tree, null, 8)).toHaveLength(8);
  });

  it("still does after a burst of random catalogue changes, learnt from the change log", async () => {
    const { db } = handle();
    const changes = fc.sample(
      fc.record({
        product: fc.nat(),
        price: fc.integer({ min: 1, max: 5000 }),
        stock: fc.constantFrom(0, 0, 3, 40),
        status: fc.constantFrom("active", "active", "active", "draft", "discontinued"),
        featured: fc.boolean(),
        reviews: fc.nat({ max: 50 }),
        rename: fc.boolean(),
        dropValues: fc.boolean(),
      }),
      { numRuns: 60, seed: 35 },
    );
    for (const change of changes) {
      const id = pick(productIds, change.product);
      await db.transaction(async (tx) => {
        await tx
          .update(products)
          .set({
            price: `${change.price}.00`,
            stockLevel: change.stock,
            status: change.status as "active",
            featured: change.featured,
            reviewCount: change.reviews,
            // Some names outside ASCII: PostgreSQL compares those within a typo.
            ...(change.rename
              ? { name: `${change.product % 2 ? "Industriél" : "Industrial"} renamed part ${change.product}` }
              : {}),
          })
          .where(eq(products.id, id));
        if (change.dropValues) await tx.delete(productAttributeValues).where(eq(productAttributeValues.productId, id));
      });
    }
    const logged = await db.execute<{ n: number }>(sql`select count(*)::int as n from catalogue_changes`);
    expect(logged.rows[0]?.n).toBeGreaterThanOrEqual(changes.length);
    await follower.catchUp();
    const changedIds = changes.map((change) => pick(productIds, change.product));
    const drafts = await db.select({ id: products.id }).from(products).where(inArray(products.id, changedIds));
    expect(drafts.length).toBe(new Set(changedIds).size);
    await fc.assert(property(), { numRuns: 60 });
    await fc.assert(wordAlone(), { numRuns: 40 });
    await fc.assert(typoProperty(), { numRuns: 30 });
  }, 300_000);
});
