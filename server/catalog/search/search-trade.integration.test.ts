// Search as a trade buyer uses it: sizes in any form, typos, the operator's synonyms, OEM numbers.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { parseSearchParams, type SearchParams } from "../../../domain/catalog/search-params";
import { withTestDatabase } from "../../../test/database";
import { addSynonymGroup, deleteSynonymGroup, listSynonymGroups, saveSynonymGroup } from "../../admin/search-synonyms";
import { adminAuditLog, user } from "../../db/schema";
import { StoreError } from "../../errors";
import { seedCatalogIfEmpty } from "../seed/seed";
import { findByPartNumber, searchProducts, suggestProducts } from "./search";

const { handle } = withTestDatabase();

beforeAll(async () => {
  await seedCatalogIfEmpty(handle().db);
  await handle().db.insert(user).values({ id: "admin1", name: "Admin", email: "admin@example.com" });
});

const search = (q: string, options: Partial<SearchParams> = {}) =>
  searchProducts({ ...parseSearchParams(new URLSearchParams()), q, page: 100, ...options }, null);
const parts = async (q: string) => (await search(q)).items.map((item) => item.partNumber).sort();

describe("search for trade buyers", () => {
  it("finds the same 4.5 in wheels however the size is written", async () => {
    const expected = await parts("grinding wheel 4.5 in");
    expect(expected).toContain("GW-45-001");
    for (const query of [
      "4 1/2 grinding wheel",
      "4-1/2 grinding wheel",
      "4.5in grinding wheel",
      '4.5" grinding wheel',
      "115 mm grinding wheel",
      "115mm grinding wheel",
    ])
      expect(await parts(query), query).toEqual(expected);
    const found = await search("4-1/2 grinding wheel");
    const wheels = found.items.filter((item) => item.name.startsWith("Grinding Wheel"));
    expect(wheels.length).toBeGreaterThan(1);
    expect(wheels.every((item) => / 4\.5 in/.test(item.name))).toBe(true);
    expect((await parts("7/8 grinding wheel")).length).toBeGreaterThan(0);
  });

  it("finds grinding wheels through two typos, and says what it searched for", async () => {
    const found = await search("grindng whel");
    expect(found.items.map((item) => item.partNumber)).toContain("GW-45-001");
    expect(found.correction).toEqual({ query: "grinding wheel", shown: true });
    expect((await search("grnidng wheeel")).items.map((item) => item.partNumber)).toContain("GW-45-001");
    expect((await suggestProducts("grnidng whel", null)).length).toBeGreaterThan(0);
    expect((await search("grinding wheel")).correction).toBeUndefined();
  });

  it("offers the correction when the query as typed finds a little and the correction finds more", async () => {
    await handle().db.execute(
      sql`update products set description = description || ' Fits the grindng jig.' where part_number = 'FD-80-001'`,
    );
    const found = await search("grindng");
    expect(found.items.map((item) => item.partNumber)).toEqual(["FD-80-001"]);
    expect(found.correction).toEqual({ query: "grinding", shown: false });
  });

  it("applies the seeded synonyms and the operator's changes at once, each change audited", async () => {
    expect((await listSynonymGroups()).map((group) => group.phrases[0])).toEqual(
      expect.arrayContaining(["ss", "hss", "ppe"]),
    );
    const stainless = await search("ss");
    expect(stainless.total).toBeGreaterThan(0);
    expect(stainless.items.some((item) => /stainless/i.test(item.name))).toBe(true);

    expect((await search("zqw")).total).toBe(0);
    const group = await addSynonymGroup("admin1", ["zqw", "grinding wheel"]);
    expect(await parts("zqw")).toEqual(await parts("grinding wheel"));
    await saveSynonymGroup("admin1", group.id, ["zqw", "flap disc"]);
    expect(await parts("zqw")).toEqual(await parts("flap disc"));
    await expect(addSynonymGroup("admin1", ["stainless steel", "inox"])).rejects.toThrow(
      new StoreError(
        "Conflict",
        '"stainless steel" is already in the group ss, stainless steel, stainless. Change that group instead.',
      ),
    );
    await deleteSynonymGroup("admin1", group.id);
    expect((await search("zqw")).total).toBe(0);
    await expect(deleteSynonymGroup("admin1", group.id)).rejects.toThrow("That synonym group does not exist.");
    const log = await handle()
      .db.select({ action: adminAuditLog.action })
      .from(adminAuditLog)
      .where(sql`${adminAuditLog.entity} = 'search_synonyms'`);
    expect(log.map((entry) => entry.action).sort()).toEqual([
      "create_search_synonyms",
      "delete_search_synonyms",
      "update_search_synonyms",
    ]);
  });

  it("opens our part for its OEM number, and says which number it replaces", async () => {
    for (const query of ["DW4514", "dw-4514", " dw 4514 ", "55-4521", "554521"])
      expect(await findByPartNumber(query, null), query).toMatchObject({ slug: "grinding-wheel-4-5-in-gw-45-001" });
    expect(await findByPartNumber("dw4514", null)).toEqual({
      slug: "grinding-wheel-4-5-in-gw-45-001",
      replaces: "DW4514",
    });
    // The part number itself still comes first, and says nothing about replacing.
    expect(await findByPartNumber("GW-45-001", null)).toEqual({ slug: "grinding-wheel-4-5-in-gw-45-001" });
    const [first] = await suggestProducts("dw4514", null);
    expect(first).toMatchObject({ partNumber: "GW-45-001", replaces: "DW4514" });
  });

  it("does not open one part for a number several parts replace", async () => {
    await handle().db.execute(
      sql`update products set oem_numbers = oem_numbers || '["SHARED-777"]'::jsonb where part_number in ('GW-45-001', 'FD-80-001')`,
    );
    expect(await findByPartNumber("shared777", null)).toBeNull();
    expect(await parts("SHARED-777")).toEqual(["FD-80-001", "GW-45-001"]);
  });

  it("never fails on hostile sizes, fractions and synonyms", async () => {
    for (const hostile of [
      "1/0 in",
      "0/0",
      "99999999999999999999999 mm",
      "0 mm wheel",
      ".5.5.5in",
      "4 1/2 1/2 1/2 -1/2",
      "4-1/2-",
      "ss ss ss hss ppe",
      `${"1/2 ".repeat(60)}`,
      "\"4.5\" 'ss' (hss) !ppe",
    ]) {
      await expect(search(hostile), hostile).resolves.toMatchObject({ total: expect.any(Number) });
      await expect(suggestProducts(hostile, null), hostile).resolves.toEqual(expect.any(Array));
      await expect(findByPartNumber(hostile, null), hostile).resolves.not.toBeUndefined();
    }
  });
});
