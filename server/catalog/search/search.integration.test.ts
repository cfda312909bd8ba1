import { type SQL, sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { parseSearchParams, type SearchParams } from "../../../domain/catalog/search-params";
import { withTestDatabase } from "../../../test/database";
import { seedCatalogIfEmpty } from "../seed/seed";
import { findByPartNumber, SEARCH_PAGE_SIZE, searchProducts, suggestProducts } from "./search";
import { searchSuggestions } from "./suggestions";

const { handle } = withTestDatabase();

beforeAll(async () => {
  await seedCatalogIfEmpty(handle().db);
});

const search = (q: string, options: Partial<SearchParams> = {}) =>
  searchProducts({ ...parseSearchParams(new URLSearchParams()), q, ...options }, null);
const parts = async (q: string, options: Partial<SearchParams> = {}) =>
  (await search(q, options)).items.map((item) => item.partNumber);

describe("search", () => {
  it.each(["GW-45-001", "gw45001", " gw 45-001 ", "GW 45 001"])(
    "opens the product for the part number %j",
    async (query) => {
      expect(await findByPartNumber(query, null)).toEqual({ slug: "grinding-wheel-4-5-in-gw-45-001" });
    },
  );

  it("does not open a product for a part of a part number or for words", async () => {
    expect(await findByPartNumber("GW-45", null)).toBeNull();
    expect(await findByPartNumber("grinding wheel", null)).toBeNull();
    expect(await findByPartNumber("---", null)).toBeNull();
  });

  it("ranks an exact part number first, then the part numbers that start with it", async () => {
    expect((await parts("GW-45-001"))[0]).toBe("GW-45-001");
    const fragment = await parts("fdb-1000");
    expect(fragment.length).toBeGreaterThan(1);
    expect(fragment.every((part) => part.startsWith("FDB-1000"))).toBe(true);
  });

  it("finds names, brands, specifications and OEM numbers by their words", async () => {
    expect(await parts("flap disc 80 grit")).toContain("FD-80-001");
    expect(await parts("DW8062")).toEqual(["CW-45-045"]);
    const ironridge = await search("ironridge flap disc");
    expect(ironridge.items.length).toBeGreaterThan(0);
    expect(ironridge.items.every((item) => item.brand === "Ironridge")).toBe(true);
    expect(await parts("zirconia")).not.toHaveLength(0);
  });

  it("still finds a product with one typo", async () => {
    expect(await parts("grindng wheel")).toContain("GW-45-001");
    expect((await parts("cut-of wheel 4.5 x .045"))[0]).toBe("CW-45-045");
  });

  it("does not match two letters within a typo (one typo from them is any two letters)", async () => {
    const twoLetters = await search("in");
    expect(twoLetters.total).toBe(0);
    expect(twoLetters.items).toEqual([]);
    expect(await parts("grindng")).toContain("GW-45-001");
  });

  it("filters by category, brand and stock, and counts the facets", async () => {
    const all = await search("wheel", { page: 100 });
    expect(all.total).toBe(all.items.length);
    expect(all.categories.map((c) => c.value)).toContain("abrasives");
    const abrasives = await search("wheel", { category: "abrasives", page: 100 });
    expect(abrasives.total).toBe(all.categories.find((c) => c.value === "abrasives")?.total);
    expect(abrasives.items.every((item) => item.brand)).toBe(true);
    const brand = all.brands[0]?.value ?? "";
    const byBrand = await search("wheel", { brand, page: 100 });
    expect(byBrand.items.every((item) => item.brand === brand)).toBe(true);
    const inStock = await search("wheel", { stock: "in", page: 100 });
    expect(inStock.items.every((item) => item.stockLevel > 0)).toBe(true);
    expect(inStock.total).toBeLessThan(all.total);
  });

  it("sorts by price and rating, and Load More adds the next page", async () => {
    const byPrice = await search("disc", { sort: "price-asc", page: 2 });
    expect(byPrice.items).toHaveLength(SEARCH_PAGE_SIZE * 2);
    const cents = byPrice.items.map((item) => Math.round(Number(item.price) * 100));
    expect(cents).toEqual([...cents].sort((a, b) => a - b));
    const byRating = await search("disc", { sort: "rating-desc" });
    const ratings = byRating.items.map((item) => Number(item.rating));
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    const first = await search("disc", { sort: "price-asc" });
    expect(byPrice.items.slice(0, SEARCH_PAGE_SIZE)).toEqual(first.items);
  });

  it("treats SQL, LIKE and query-syntax characters as plain text", async () => {
    for (const hostile of ["'; drop table products; --", "%", "_", "a & | ! (", `"unclosed`, "x".repeat(200)]) {
      await expect(search(hostile)).resolves.toMatchObject({ total: expect.any(Number) });
      await expect(suggestProducts(hostile, null)).resolves.toEqual(expect.any(Array));
    }
    expect((await search("%")).total).toBe(0);
    expect((await search("grinding")).total).toBeGreaterThan(0);
  });

  it("answers any string at all, as a search, a part number or a suggestion, without an error", async () => {
    // Whatever reaches the query language (websearch_to_tsquery, the prefix tsquery, LIKE, pg_trgm):
    // any unicode, NUL and other control characters, lone surrogates, operators, very long words.
    const anyText = fc.oneof(
      { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
      { weight: 3, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
      {
        weight: 3,
        arbitrary: fc.string({ unit: fc.constantFrom(..."!&|<>():*'\"\\%_-ab1 \u0000\ud800\t"), maxLength: 30 }),
      },
      // Long enough to pass the websearch parser's stack of 32 operators.
      {
        weight: 2,
        arbitrary: fc.string({ unit: fc.constantFrom("-", "- ", "-!", "-("), minLength: 33, maxLength: 120 }),
      },
      { weight: 1, arbitrary: fc.string({ unit: "binary", minLength: 3_000, maxLength: 5_000 }) },
    );
    await fc.assert(
      fc.asyncProperty(anyText, async (q) => {
        expect(await search(q)).toMatchObject({ total: expect.any(Number) });
        expect(await suggestProducts(q, null)).toEqual(expect.any(Array));
        expect(await findByPartNumber(q, null)).not.toBeUndefined();
      }),
      { numRuns: 100, seed: 20261123 },
    );
  }, 120_000);

  it("finds products by the words of their category and subcategory", async () => {
    const abrasives = await search("abrasives");
    expect(abrasives.total).toBeGreaterThan(0);
    expect(abrasives.categories.map((facet) => facet.value)).toContain("abrasives");
    expect((await search("hand tools")).categories.map((facet) => facet.value)).toContain("hand-tools");
    expect((await suggestProducts("abras", null)).length).toBeGreaterThan(0);
  });

  it("suggests products as the buyer types, from the first letters", async () => {
    expect((await suggestProducts("gw-45", null)).map((s) => s.partNumber)[0]).toBe("GW-45-001");
    const words = await suggestProducts("flap dis", null);
    expect(words.length).toBeGreaterThan(0);
    expect(words.every((s) => /flap/i.test(s.name))).toBe(true);
    expect(await suggestProducts("g", null)).toEqual([]);
  });

  it("suggests a rare word's few products, the most popular first, wherever they stand in popularity", async () => {
    const db = handle().db;
    const chosen = await db.execute<{ id: string; name: string; part_number: string }>(sql`
      (select id, name, part_number from products order by featured desc, review_count desc, part_number limit 1)
      union all
      (select id, name, part_number from products order by featured, review_count, part_number desc limit 3)`);
    const ids = chosen.rows.map((row) => row.id);
    await db.execute(sql`update products set name = name || ' Quixotic' where id in ${ids}`);
    try {
      const expected = await db.execute<{ part_number: string }>(sql`
        select part_number from products where id in ${ids}
        order by featured desc, review_count desc, part_number`);
      expect((await suggestProducts("quixo", null)).map((s) => s.partNumber)).toEqual(
        expected.rows.map((row) => row.part_number),
      );
    } finally {
      for (const row of chosen.rows) await db.execute(sql`update products set name = ${row.name} where id = ${row.id}`);
    }
  });

  it("keeps suggesting a word typed part-way past its stem, letter by letter", async () => {
    // "grindi" is no prefix of the stem "grind": it must still find the popular grinding products,
    // not fall back to the typo-tolerant match.
    // Each word typed suggests, letter by letter, the most popular products with this lexeme.
    const suggestsLexeme = async (lexeme: SQL, typedWords: string[]) => {
      const expected = await handle().db.execute<{ part_number: string }>(sql`
        select part_number from products where search_vector @@ ${lexeme}
        order by featured desc, review_count desc, part_number limit 8`);
      expect(expected.rows.length).toBeGreaterThan(0);
      for (const typed of typedWords)
        expect(
          (await suggestProducts(typed, null)).map((s) => s.partNumber),
          typed,
        ).toEqual(expected.rows.map((row) => row.part_number));
    };
    await suggestsLexeme(sql`to_tsquery('english', 'grind')`, ["grindi", "grindin"]);
    // A stem that stems again: "abrasives" is indexed as "abras", which to_tsquery would make "abra".
    await suggestsLexeme(sql`'abras'::tsquery`, ["abrasi", "abrasiv"]);
    const glasses = await suggestProducts("safety glasse", null);
    expect(glasses.length).toBeGreaterThan(0);
    expect(glasses.every((s) => /glass/i.test(s.name))).toBe(true);
  });

  it("suggests part numbers in part-number order first, then the most popular products by their words", async () => {
    const byPart = (await suggestProducts("gw 1000", null)).map((s) => s.partNumber.replace(/-/g, ""));
    expect(byPart).toHaveLength(8);
    expect(byPart.every((part) => part.startsWith("GW1000"))).toBe(true);
    expect(byPart).toEqual([...byPart].sort());
    expect((await suggestProducts("gw-4", null)).map((s) => s.partNumber)[0]).toBe("GW-45-001");

    // A prefix shared by much of the catalogue: featured products first, then the most reviewed.
    const broad = await handle().db.execute<{ part_number: string }>(sql`
      select part_number from products
      where search_vector @@ to_tsquery('english', 'gr:*')
      order by featured desc, review_count desc, part_number limit 8`);
    expect((await suggestProducts("gr", null)).map((s) => s.partNumber)).toEqual(
      broad.rows.map((row) => row.part_number),
    );
    expect(await suggestProducts("grindng", null)).not.toEqual([]);
  });

  it("suggests only the parts a part-number prefix starts, however it is written, in part-number order", async () => {
    const db = handle().db;
    // The least popular part renumbered GW-45-900; the most popular a GW wheel that shares the
    // prefix's words only ('gw', and '45' as the start of one of its OEM numbers).
    const [least] = (
      await db.execute<{ id: string; part_number: string }>(sql`
        select id, part_number from products order by featured, review_count, part_number desc limit 1`)
    ).rows;
    if (!least) throw new Error("no products");
    await db.execute(sql`update products set part_number = 'GW-45-900' where id = ${least.id}`);
    await db.execute(
      sql`update products set featured = true, review_count = review_count + 1000 where part_number = 'GW-100016'`,
    );
    try {
      expect((await suggestProducts("gw 45 wheel", null)).map((s) => s.partNumber)).toContain("GW-100016");
      for (const typed of ["gw-45", "GW45", "gw 45", "Gw.45"])
        expect(
          (await suggestProducts(typed, null)).map((s) => s.partNumber),
          typed,
        ).toEqual(["GW-45-001", "GW-45-900"]);
    } finally {
      await db.execute(sql`update products set part_number = ${least.part_number} where id = ${least.id}`);
      await db.execute(
        sql`update products set featured = false, review_count = review_count - 1000 where part_number = 'GW-100016'`,
      );
    }
  });

  it("gives each suggestion its picture: the product's first, or its line drawing", async () => {
    const db = handle().db;
    const [wheel] = await suggestProducts("gw-45-001", null);
    const drawing = `/images/products/drawings/${wheel?.slug}.svg`;
    expect(wheel).toMatchObject({ image: drawing, category: "abrasives" });
    const picture = "/media/0123456789abcdef01234567-800x600-800.webp";
    const original = await db.execute<{ images: string[] }>(
      sql`select images from products where part_number = 'GW-45-001'`,
    );
    try {
      await db.execute(
        sql`update products set images = ${JSON.stringify([picture])}::jsonb where part_number = 'GW-45-001'`,
      );
      expect((await suggestProducts("gw-45-001", null))[0]?.image).toBe(picture);
      await db.execute(sql`update products set images = '[]'::jsonb where part_number = 'GW-45-001'`);
      expect((await suggestProducts("gw-45-001", null))[0]?.image).toBe(drawing);
      // Found by its words, through the subqueries that carry the columns, the same.
      const byWords = await suggestProducts("grinding", null);
      expect(byWords.find((s) => s.partNumber === "GW-45-001")?.image).toBe(drawing);
      expect(byWords.every((s) => /^\/images\/products\/drawings\/[a-z0-9-]+\.svg$|^\/media\//.test(s.image))).toBe(
        true,
      );
    } finally {
      await db.execute(
        sql`update products set images = ${JSON.stringify(original.rows[0]?.images ?? [])}::jsonb where part_number = 'GW-45-001'`,
      );
    }
  });

  it("offers the query within the categories of the parts suggested, above the categories named like it", async () => {
    const partNumber = await searchSuggestions(" gw-45 ", null);
    expect(partNumber.query).toBe("gw-45");
    expect(partNumber.suggestions.map((s) => s.partNumber)).toEqual(["GW-45-001"]);
    expect(partNumber.categories).toEqual([
      { name: "Abrasives", href: "/search?q=gw-45&category=abrasives", within: "gw-45" },
    ]);
    const words = await searchSuggestions("grinding wh", null);
    expect(words.categories[0]).toEqual({
      name: "Abrasives",
      href: "/search?q=grinding+wh&category=abrasives",
      within: "grinding wh",
    });
    expect(words.categories).toContainEqual({
      name: "Grinding Wheels",
      parent: "Abrasives",
      href: "/category/abrasives/grinding-wheels",
    });
    expect((await searchSuggestions("g", null)).categories).toEqual([]);
  });
});
