// The follower on PostgreSQL, where a transaction can stay open while another process builds: a
// change whose number was taken before a build and committed during it is still taken in.
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDriver, withTestDatabase } from "../../../test/database";
import { products } from "../../db/schema";
import { findProducts } from "../search/catalog-query";
import { writeCatalog } from "../seed/seed";
import { indexStats } from "./current";
import { followCatalogue } from "./follow";

const { handle } = withTestDatabase();

describe.skipIf(testDriver !== "postgres")("following the catalogue's change log", () => {
  it("takes in a change numbered before a build and committed during it", async () => {
    const { db } = handle();
    await writeCatalog(db, { size: 300 });
    const [renamed, later] = await db
      .select({ id: products.id, partNumber: products.partNumber })
      .from(products)
      .orderBy(asc(products.partNumber))
      .limit(2);
    if (!renamed || !later) throw new Error("no products");

    // A transaction renames a part, taking a number in the log, and stays open...
    let commit = () => {};
    const held = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let numbered = () => {};
    const hasNumber = new Promise<void>((resolve) => {
      numbered = resolve;
    });
    const open = db.transaction(async (tx) => {
      await tx.update(products).set({ name: "Zanzibar Gasket" }).where(eq(products.id, renamed.id));
      numbered();
      await held;
    });
    await hasNumber;
    // ...while a later change commits, so the log's last number is past the open one's.
    await db.update(products).set({ name: "Quokka Gasket" }).where(eq(products.id, later.id));

    const follower = followCatalogue();
    try {
      // The build reads the part as it was; the rename commits after it.
      await follower.built;
      commit();
      await open;
      await follower.catchUp();

      const search = (q: string) => findProducts({ catalogue: null, q, sort: "relevance", limit: 24 });
      const answered = indexStats.answered;
      const zanzibar = await search("zanzibar");
      const quokka = await search("quokka");
      expect(zanzibar.items.map((item) => item.partNumber)).toEqual([renamed.partNumber]);
      expect(quokka.items.map((item) => item.partNumber)).toEqual([later.partNumber]);
      // Both from the index, not SQL.
      expect(indexStats.answered).toBe(answered + 2);
    } finally {
      follower.stop();
    }
  }, 60_000);
});
