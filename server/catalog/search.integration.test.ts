import { beforeAll, describe, expect, it } from "vitest";
import { withTestDatabase } from "../../test/database";
import { findByPartNumber, searchProducts } from "./search";
import { seedCatalogIfEmpty } from "./seed";

const { handle } = withTestDatabase();

beforeAll(async () => {
  await seedCatalogIfEmpty(handle().db);
});

describe("search", () => {
  it.each(["GW-45-001", "gw45001", " gw 45-001 "])("opens the product for the part number %j", async (query) => {
    expect(await findByPartNumber(query)).toEqual({ slug: "grinding-wheel-4-5-in-gw-45-001" });
  });

  it("ranks an exact part number first among partial matches", async () => {
    const results = await searchProducts("GW-45-001");
    expect(results[0]?.partNumber).toBe("GW-45-001");
  });

  it("finds names by words and with a typo", async () => {
    expect((await searchProducts("flap disc")).map((r) => r.partNumber)).toContain("FD-80-001");
    expect((await searchProducts("grindng wheel")).map((r) => r.partNumber)).toContain("GW-45-001");
  });

  it("treats SQL and LIKE characters as plain text", async () => {
    expect(await searchProducts("'; drop table products; --")).toEqual([]);
    expect(await searchProducts("%")).toEqual([]);
    expect((await searchProducts("grinding")).length).toBeGreaterThan(0);
  });
});
