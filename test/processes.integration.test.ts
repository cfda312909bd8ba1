// How many processes serve the store, and how they act as one: on PGlite one process whatever
// WEB_CONCURRENCY says; on PostgreSQL several, each background duty in exactly one of them, and a
// change made through one process seen by the others within a second.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import { freePort } from "../scripts/local-server.js";
import { type DatabaseHandle, setDatabase } from "../server/db/client";
import { products } from "../server/db/schema";
import { SERVING_GLIBC_TUNABLE, SERVING_NODE_FLAGS } from "../server/node-flags";
import { createEmptyDatabase, testDriver } from "./database";
import { startServer, waitForHealth } from "./store-command";
import { productId, signedUpBuyer } from "./store-fixtures";
import { client, type StoreProcess, storeProcess } from "./store-process";

/** A data folder removed after the test. */
function folder() {
  const dir = mkdtempSync(path.join(tmpdir(), "store-test-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const PRODUCT_PAGE = "/products/grinding-wheel-4-5-in-gw-45-001";

const stockShown = async (base: string) => {
  const page = await fetch(`${base}${PRODUCT_PAGE}`);
  const stock = /In Stock \(([\d,]+) available\)/.exec(await page.text())?.[1];
  return { stock: Number(stock?.replace(",", "")), cached: page.headers.get("x-page-cache") === "hit" };
};

/** A card order placed through `store`'s pages, as the buyer's browser places it. */
async function cardOrderThrough(store: StoreProcess, email: string, password: string, quantity: number) {
  const buyer = client(store);
  await buyer.post("/auth", { intent: "sign-in", email, password, redirectTo: "/" });
  await buyer.post("/api/cart", { intent: "add", productId: await productId("GW-45-001"), quantity: String(quantity) });
  const placed = await buyer.post("/checkout.data", {
    intent: "place",
    email,
    firstName: "Dana",
    lastName: "Reyes",
    phone: "5035550142",
    "shipping.line1": "100 Main St",
    "shipping.city": "Portland",
    "shipping.state": "OR",
    "shipping.zip": "97201",
    sameAsShipping: "on",
    paymentMethod: "credit_card",
  });
  const secret = /(tp_[\w-]+?_secret_[\w-]+)/.exec(await placed.text())?.[1] ?? "";
  const confirmed = await buyer.send("/api/payments/test/confirm", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ clientSecret: secret, number: "4242424242424242", expiry: "12/34", cvc: "123" }),
  });
  expect(confirmed.status).toBe(200);
  const completed = await buyer.post("/checkout.data", {
    intent: "complete",
    paymentId: secret.split("_secret_")[0] ?? "",
  });
  expect(await completed.text()).toMatch(/order-confirmation\/ORD/);
}

if (testDriver === "pglite") {
  describe("the store on PGlite", { timeout: 150_000 }, () => {
    it("runs in one process whatever WEB_CONCURRENCY says, and says why", async () => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const server = startServer({
        PORT: String(port),
        PUBLIC_URL: base,
        DATA_DIR: folder(),
        WEB_CONCURRENCY: "4",
      });
      try {
        await waitForHealth(base, server);
        expect(server.output()).toContain("in one process: PGlite is embedded in it");
        expect(server.output().match(/store listening on/g)).toHaveLength(1);
      } finally {
        server.child.kill("SIGTERM");
        expect(await server.exited).toBe(0);
      }
    });
  });
}

if (testDriver === "postgres") {
  describe("several store processes on one PostgreSQL", { timeout: 150_000 }, () => {
    const stores: StoreProcess[] = [];
    let database: DatabaseHandle | undefined;
    afterAll(async () => {
      setDatabase(undefined);
      await database?.close();
      for (const store of stores.reverse()) await store.remove();
    });

    it("a sale made through one process shows in another's cached pages within a second", async () => {
      const first = await storeProcess({});
      stores.push(first);
      await first.start();
      const second = await storeProcess({}, { databaseUrl: first.databaseUrl });
      stores.push(second);
      await second.start();
      database = await first.openDatabase();
      setDatabase(database);
      await database.db.update(products).set({ stockLevel: 50 }).where(eq(products.partNumber, "GW-45-001"));
      const buyer = await signedUpBuyer("two-processes@example.com");

      // The second process renders the page once, then serves it from its page cache.
      expect(await stockShown(second.base)).toEqual({ stock: 50, cached: false });
      expect(await stockShown(second.base)).toEqual({ stock: 50, cached: true });

      await cardOrderThrough(first, buyer.email, buyer.password, 3);
      const sold = performance.now();
      await expect
        .poll(() => stockShown(second.base), { timeout: 1_000, interval: 50 })
        .toEqual({ stock: 47, cached: false });
      expect(performance.now() - sold).toBeLessThan(1_000);
    });

    it("runs WEB_CONCURRENCY processes, each background duty in one, taken over when its process dies", async () => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      // A database of its own: the stores of the test above hold the duties of theirs.
      const empty = await createEmptyDatabase();
      onTestFinished(() => empty.drop());
      const server = startServer({
        PORT: String(port),
        PUBLIC_URL: base,
        DATA_DIR: folder(),
        DATABASE_URL: empty.url ?? "",
        WEB_CONCURRENCY: "2",
      });
      try {
        await waitForHealth(base, server);
        await expect.poll(() => server.output(), { timeout: 10_000 }).toContain("with 2 processes");
        // The two listen together, once both are ready: neither serves beside the other's start.
        const lines = server.output().split("\n");
        const firstListening = lines.findIndex((line) => line.includes("store listening on"));
        expect(lines.slice(0, firstListening).filter((line) => line.includes("search warmed up"))).toHaveLength(2);
        const processesListening = () =>
          server
            .output()
            .split("\n")
            .filter((line) => line.includes("store listening on") && !line.includes("with 2 processes")).length;
        expect(processesListening()).toBe(2);
        // Each duty starts once, in whichever process won it.
        const dutyStarts = (name: string) =>
          [...server.output().matchAll(/"duty":"([^"]+)","pid":(\d+)[^\n]*this process runs a background duty/g)]
            .filter(([, duty]) => duty === name)
            .map(([, , pid]) => Number(pid));
        await expect.poll(() => dutyStarts("mail delivery").length, { timeout: 5_000 }).toBe(1);
        await expect.poll(() => dutyStarts("payment reconciliation").length, { timeout: 5_000 }).toBe(1);
        expect((await fetch(`${base}${PRODUCT_PAGE}`)).status).toBe(200);
        // Started here without them, the workers run with the serving flags (an old generation of 256 MB).
        const [worker] = dutyStarts("mail delivery");
        expect(readFileSync(`/proc/${worker}/cmdline`, "utf8").split("\0")).toEqual(
          expect.arrayContaining(SERVING_NODE_FLAGS),
        );
        // And glibc's malloc asks for huge pages for their catalogue index (server/node-flags.ts).
        expect(readFileSync(`/proc/${worker}/environ`, "utf8").split("\0")).toContain(
          `GLIBC_TUNABLES=${SERVING_GLIBC_TUNABLE}`,
        );

        // The process delivering mail dies: it is replaced, and a living one takes the duty.
        const [mailer] = dutyStarts("mail delivery");
        process.kill(mailer ?? 0, "SIGKILL");
        await expect
          .poll(() => server.output(), { timeout: 10_000 })
          .toContain("a store process died; starting another");
        await expect.poll(() => dutyStarts("mail delivery").length, { timeout: 10_000 }).toBe(2);
        expect(dutyStarts("mail delivery")[1]).not.toBe(mailer);
        // The replacement listens as soon as it is ready, the other serving meanwhile.
        await expect.poll(processesListening, { timeout: 10_000 }).toBe(3);
        expect((await fetch(`${base}${PRODUCT_PAGE}`)).status).toBe(200);
      } finally {
        server.child.kill("SIGTERM");
        expect(await server.exited).toBe(0);
      }
    });
  });
}
