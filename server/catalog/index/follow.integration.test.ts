// The follower on PostgreSQL, where a transaction can stay open while another process builds: a
// change whose number was taken before a build and committed during it is still taken in. On both
// databases: each follower says how far it has read, and a command waits until all have read its change;
// a follower takes in a catalogue a staged seed swaps in.
import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDriver, withTestDatabase } from "../../../test/database";
import { catalogueIndexFollowers, products } from "../../db/schema";
import { findProducts } from "../search/catalog-query";
import { writeCatalog } from "../seed/seed";
import { indexStats, markBehind } from "./current";
import { followCatalogue, indexesCaughtUp } from "./follow";

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

describe("waiting for the running store's indexes", () => {
  it("waits until each following process has taken a change in, and not for one stopped or long silent", async () => {
    const { db } = handle();
    await writeCatalog(db, { size: 300, replace: true });
    const [part] = await db.select({ id: products.id, partNumber: products.partNumber }).from(products).limit(1);
    if (!part) throw new Error("no products");
    const follower = followCatalogue();
    try {
      await follower.built;
      await follower.catchUp();
      expect(await indexesCaughtUp(db, 5_000)).toEqual({ processes: 1, caughtUp: true });

      // A change the follower has not read yet: waited for until its poll (each second) takes it in.
      await db.update(products).set({ name: "Wombat Gasket" }).where(eq(products.id, part.id));
      const told: number[] = [];
      expect(await indexesCaughtUp(db, 10_000, (behind) => told.push(behind))).toEqual({
        processes: 1,
        caughtUp: true,
      });
      expect(told).toEqual([1]);
      // Searched from the index at once, with the change.
      const answered = indexStats.answered;
      const found = await findProducts({ catalogue: null, q: "wombat", sort: "relevance", limit: 24 });
      expect(found.items.map((item) => item.partNumber)).toEqual([part.partNumber]);
      expect(indexStats.answered).toBe(answered + 1);
    } finally {
      await follower.stop();
    }
    // Stopped: its row goes, and nothing is waited for.
    expect(await db.select().from(catalogueIndexFollowers)).toEqual([]);
    await db.update(products).set({ name: "Numbat Gasket" }).where(eq(products.id, part.id));
    expect(await indexesCaughtUp(db, 5_000)).toEqual({ processes: 0, caughtUp: true });

    // A process that died without a word a minute ago is not waited for; one behind and heard of
    // just now is, until the time given runs out.
    await db
      .insert(catalogueIndexFollowers)
      .values({ follower: "gone", seq: 0, seenAt: sql`now() - interval '1 minute'` });
    expect(await indexesCaughtUp(db, 5_000)).toEqual({ processes: 0, caughtUp: true });
    await db.insert(catalogueIndexFollowers).values({ follower: "stuck", seq: 0 });
    expect(await indexesCaughtUp(db, 300)).toEqual({ processes: 1, caughtUp: false });
  }, 60_000);

  it("takes in a catalogue a staged seed swaps in for the one it had built", async () => {
    const { db } = handle();
    await db.delete(catalogueIndexFollowers); // the test before's
    await writeCatalog(db, { size: 300, replace: true });
    const follower = followCatalogue();
    try {
      await follower.built;
      await follower.catchUp();
      await writeCatalog(db, { size: 400, seed: 7, replace: true, staged: true });
      expect(await indexesCaughtUp(db, 10_000)).toEqual({ processes: 1, caughtUp: true });
      // The new catalogue's products, found by the index as SQL finds them.
      const search = () => findProducts({ catalogue: null, q: "steel", sort: "relevance", limit: 24 });
      const answered = indexStats.answered;
      const fromIndex = await search();
      expect(indexStats.answered).toBe(answered + 1);
      markBehind(true);
      const fromSql = await search().finally(() => markBehind(false));
      expect(fromIndex.total).toBeGreaterThan(0);
      expect(fromIndex.total).toBe(fromSql.total);
      expect(fromIndex.items.map((item) => item.slug)).toEqual(fromSql.items.map((item) => item.slug));
    } finally {
      await follower.stop();
    }
  }, 60_000);
});
