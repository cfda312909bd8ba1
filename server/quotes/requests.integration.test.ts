import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, storeDay } from "../../domain/dates/dates";
import { type QuoteRequestInput, quoteRequestSchema } from "../../domain/quotes/quote-request";
import { insertProducts } from "../../test/catalog-fixtures";
import { withTestDatabase } from "../../test/database";
import { deferred } from "../../test/deferred";
import { answerQuote } from "../../test/quote-fixtures";
import { asBuyer, profileWithCompany } from "../../test/store-fixtures";
import { addShipTo } from "../address-book/address-book";
import { addToCart, findOrCreateCart } from "../cart/cart";
import { addToList } from "../cart/saved-lists";
import { companyMembers, quoteEvents, quoteRequestLines, quotes, quoteVersions, user } from "../db/schema";
import { StoreError } from "../errors";
import { moveQuote } from "./moves";
import { expireQuotes, findQuote, moveOwnQuote, PROFILE_SHIP_TO, quotesOf, requestQuote } from "./requests";

const { handle } = withTestDatabase();
const db = () => handle().db;
const product: Record<string, string> = {};
const today = storeDay(new Date());

const messageOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof StoreError ? `${error.status} ${error.message}` : String(error)),
  );

let people = 0;
/** A person with a profile (Portland) in a company of their own, or joining `companyId` as `role`. */
async function member({ companyId, role }: { companyId?: string; role?: "buyer" | "viewer" | "approver" } = {}) {
  people += 1;
  const id = `quoter-${people}`;
  await db()
    .insert(user)
    .values({ id, name: `Pat ${people}`, email: `quoter${people}@example.com`, emailVerified: true });
  const own = await profileWithCompany(id, {
    shippingAddressLine1: "100 Main St",
    shippingCity: "Portland",
    shippingState: "OR",
    shippingZip: "97201",
  });
  if (companyId && role)
    await db().update(companyMembers).set({ companyId, role }).where(eq(companyMembers.userId, id));
  return { id, companyId: companyId ?? own.companyId };
}

const request = (fields: Record<string, unknown>): QuoteRequestInput =>
  quoteRequestSchema.parse({ shipTo: PROFILE_SHIP_TO, ...fields });

async function linesOf(quoteNumber: string) {
  const [quote] = await db().select().from(quotes).where(eq(quotes.quoteNumber, quoteNumber));
  if (!quote) throw new Error("no quote");
  const lines = await db().select().from(quoteRequestLines).where(eq(quoteRequestLines.quoteId, quote.id));
  return { quote, lines: lines.sort((a, b) => a.position - b.position) };
}

async function statusOf(quoteNumber: string) {
  return (await linesOf(quoteNumber)).quote.status;
}

beforeAll(async () => {
  const rows = await insertProducts([
    { slug: "q-wheel", partNumber: "QW-100", name: "Grinding Wheel 4.5 in", price: "12.99", stockLevel: 640 },
    { slug: "q-disc", partNumber: "QD-200", name: "Flap Disc 80 Grit", price: "8.49", stockLevel: 1000 },
    { slug: "q-saw", partNumber: "QS-300", name: "Hole Saw 2 in", price: "45.00", stockLevel: 50 },
  ]);
  for (const row of rows) product[row.slug] = row.id;
});

describe("a request for quote", () => {
  it("from pasted lines: known parts matched, an unknown one kept as a free-text line with its description", async () => {
    const buyer = await member();
    const number = await requestQuote(
      await asBuyer(buyer),
      request({
        source: "paste",
        lines: "qw-100, 50\nQD-200, 200\nQS-300, 5\nXYZ-9, 12, Stainless bracket 10 mm",
        neededBy: addDays(today, 14),
        notes: "Deliver to dock 4",
      }),
    );
    expect(number).toMatch(/^Q-\d{6}$/);
    const { quote, lines } = await linesOf(number);
    expect(quote).toMatchObject({
      status: "requested",
      source: "paste",
      notes: "Deliver to dock 4",
      currentVersion: 0,
    });
    expect(quote.shipTo).toMatchObject({ line1: "100 Main St", state: "OR" });
    expect(lines.map((line) => [line.productId, line.partNumber, line.description, line.quantity])).toEqual([
      [product["q-wheel"], "QW-100", "Grinding Wheel 4.5 in", 50],
      [product["q-disc"], "QD-200", "Flap Disc 80 Grit", 200],
      [product["q-saw"], "QS-300", "Hole Saw 2 in", 5],
      [null, "XYZ-9", "Stainless bracket 10 mm", 12],
    ]);
    const events = await db().select().from(quoteEvents).where(eq(quoteEvents.quoteId, quote.id));
    expect(events).toMatchObject([{ fromStatus: null, toStatus: "requested", actorId: buyer.id }]);
    expect(await quotesOf(await asBuyer(buyer))).toMatchObject([
      { quoteNumber: number, status: "requested", lines: 4, value: null },
    ]);
  });

  it("refuses an unknown part without a description, saying how to fix it, and writes nothing", async () => {
    const buyer = await member();
    expect(
      await messageOf(requestQuote(await asBuyer(buyer), request({ source: "paste", lines: "QW-100, 1\nNOPE-1, 2" }))),
    ).toBe(
      "400 Line 2: we do not list part NOPE-1. Add a description after the quantity (PART, QTY, DESCRIPTION) to ask for it anyway.",
    );
    expect(await quotesOf(await asBuyer(buyer))).toEqual([]);
  });

  it("from the cart, leaving the cart as it was", async () => {
    const buyer = await member();
    const cartId = await findOrCreateCart({ userId: buyer.id });
    await addToCart(cartId, product["q-wheel"] ?? "", 3, null);
    await addToCart(cartId, product["q-disc"] ?? "", 7, null);
    const number = await requestQuote(await asBuyer(buyer), request({ source: "cart" }), { cartId });
    const { lines } = await linesOf(number);
    expect(lines.map((line) => [line.partNumber, line.quantity]).sort()).toEqual([
      ["QD-200", 7],
      ["QW-100", 3],
    ]);
    expect(
      await messageOf(requestQuote(await asBuyer(buyer), request({ source: "cart" }), { cartId: undefined })),
    ).toBe("400 Your cart is empty: add parts to it, or paste a list instead.");
  });

  it("from a saved list of the company, not another company's", async () => {
    const buyer = await member();
    const other = await member();
    const list = await addToList(await asBuyer(buyer), { newName: "Shop floor" }, [
      { productId: product["q-saw"] ?? "", quantity: 4 },
    ]);
    const number = await requestQuote(await asBuyer(buyer), request({ source: "list", listId: list.id }));
    expect((await linesOf(number)).lines).toMatchObject([{ partNumber: "QS-300", quantity: 4 }]);
    expect(await messageOf(requestQuote(await asBuyer(other), request({ source: "list", listId: list.id })))).toBe(
      "404 That list was not found.",
    );
  });

  it("from a product page: one part and a quantity", async () => {
    const buyer = await member();
    const number = await requestQuote(
      await asBuyer(buyer),
      request({ source: "product", partNumber: "QW-100", quantity: "500" }),
    );
    expect((await linesOf(number)).lines).toMatchObject([{ productId: product["q-wheel"], quantity: 500 }]);
    expect(
      await messageOf(requestQuote(await asBuyer(buyer), request({ source: "product", partNumber: "NOPE" }))),
    ).toMatch(/^404 /);
  });

  it("ships to one of the company's address book entries only", async () => {
    const buyer = await member();
    const other = await member();
    const shipTo = await addShipTo(await asBuyer(buyer), {
      label: "Warehouse",
      address: {
        line1: "1 Dock Rd",
        line2: undefined,
        city: "Austin",
        state: "TX",
        zip: "78701",
        country: "United States",
      },
    });
    const number = await requestQuote(
      await asBuyer(buyer),
      request({ source: "product", partNumber: "QW-100", shipTo: shipTo.id }),
    );
    expect((await linesOf(number)).quote.shipTo).toMatchObject({ label: "Warehouse", state: "TX" });
    expect(
      await messageOf(
        requestQuote(await asBuyer(other), request({ source: "product", partNumber: "QW-100", shipTo: shipTo.id })),
      ),
    ).toBe("404 That address does not exist.");
  });

  it("refuses a needed-by day in the past (store time zone) and a viewer", async () => {
    const buyer = await member();
    const viewer = await member({ companyId: buyer.companyId, role: "viewer" });
    expect(
      await messageOf(
        requestQuote(
          await asBuyer(buyer),
          request({ source: "product", partNumber: "QW-100", neededBy: addDays(today, -1) }),
        ),
      ),
    ).toMatch(/^400 The needed-by date cannot be in the past/);
    expect(
      await messageOf(requestQuote(await asBuyer(viewer), request({ source: "product", partNumber: "QW-100" }))),
    ).toMatch(/^403 /);
  });
});

describe("request spam", () => {
  it("allows 20 requests an hour per account and 50 per company, then 429 with the wait, writing nothing", async () => {
    const first = await member();
    const countQuotes = async () =>
      (await db().select().from(quotes).where(eq(quotes.companyId, first.companyId))).length;
    const now = new Date();
    const ask = async (who: { id: string }, at = now) =>
      requestQuote(await asBuyer(who), request({ source: "product", partNumber: "QW-100" }), { now: at });
    for (let i = 0; i < 20; i++) await ask(first);
    expect(await messageOf(ask(first))).toBe(
      "429 You have sent many requests for quote in the last hour. Please wait 60 minutes and try again.",
    );
    expect(await countQuotes()).toBe(20);
    // A refused request (a bad list) is not counted: the buyer can correct it.
    expect(
      await messageOf(requestQuote(await asBuyer(first), request({ source: "paste", lines: "NOPE-1, 2" }))),
    ).toMatch(/^400 /);
    const [second, third] = [
      await member({ companyId: first.companyId, role: "buyer" }),
      await member({ companyId: first.companyId, role: "buyer" }),
    ];
    for (let i = 0; i < 20; i++) await ask(second);
    for (let i = 0; i < 10; i++) await ask(third);
    expect(await messageOf(ask(third))).toMatch(/^429 You have sent many requests/);
    expect(await countQuotes()).toBe(50);
    expect(await messageOf(ask(first, new Date(now.getTime() + 61 * 60_000)))).toBe("ok");
  });
});

describe("the buyer's moves", () => {
  async function quoted(validUntil = addDays(today, 10)) {
    const buyer = await member();
    const number = await requestQuote(
      await asBuyer(buyer),
      request({ source: "paste", lines: "QW-100, 10\nQD-200, 5" }),
    );
    await answerQuote(number, { validUntil });
    return { buyer, number };
  }

  it("ask for a revision with a comment, then accept the current version only", async () => {
    const { buyer, number } = await quoted();
    expect(await messageOf(moveOwnQuote(await asBuyer(buyer), number, { intent: "accept", version: 2 }))).toBe(
      "409 Version 2 is no longer current: read version 1 and accept that one.",
    );
    await moveOwnQuote(await asBuyer(buyer), number, { intent: "revise", comment: "Better price for 10?" });
    expect(await statusOf(number)).toBe("requested");
    expect(await messageOf(moveOwnQuote(await asBuyer(buyer), number, { intent: "accept", version: 1 }))).toBe(
      "409 This quote is waiting for the store's prices, so it cannot be accepted now.",
    );
    await answerQuote(number, { validUntil: addDays(today, 5) });
    expect(await messageOf(moveOwnQuote(await asBuyer(buyer), number, { intent: "accept", version: 1 }))).toMatch(
      /^409 Version 1/,
    );
    await moveOwnQuote(await asBuyer(buyer), number, { intent: "accept", version: 2 });
    const found = await findQuote(await asBuyer(buyer), number);
    expect(found.quote.status).toBe("accepted");
    expect(found.versions.map((version) => version.version)).toEqual([2, 1]);
    expect(found.events.map((event) => [event.fromStatus, event.toStatus, event.comment])).toEqual([
      [null, "requested", null],
      ["requested", "quoted", null],
      ["quoted", "requested", "Better price for 10?"],
      ["requested", "quoted", null],
      ["quoted", "accepted", "Version 2"],
    ]);
    expect(found.events[2]?.actor).toBe(found.events[4]?.actor);
    expect(await messageOf(moveOwnQuote(await asBuyer(buyer), number, { intent: "decline", comment: undefined }))).toBe(
      "409 This quote is accepted, so it cannot be declined now.",
    );
  });

  it("decline with a reason; withdraw while requested or quoted, not after", async () => {
    const first = await quoted();
    await moveOwnQuote(await asBuyer(first.buyer), first.number, { intent: "decline", comment: "Found it locally" });
    expect(await statusOf(first.number)).toBe("declined");
    expect(
      await messageOf(
        moveOwnQuote(await asBuyer(first.buyer), first.number, { intent: "withdraw", comment: undefined }),
      ),
    ).toBe("409 This quote is declined, so it cannot be withdrawn now.");
    const second = await quoted();
    await moveOwnQuote(await asBuyer(second.buyer), second.number, { intent: "withdraw", comment: undefined });
    expect(await statusOf(second.number)).toBe("withdrawn");
    const buyer = await member();
    const number = await requestQuote(await asBuyer(buyer), request({ source: "product", partNumber: "QS-300" }));
    await moveOwnQuote(await asBuyer(buyer), number, { intent: "withdraw", comment: "Ordered elsewhere" });
    expect(await statusOf(number)).toBe("withdrawn");
  });

  it("refuse another company's quote as not found, and a viewer of the company", async () => {
    const { buyer, number } = await quoted();
    const stranger = await member();
    const viewer = await member({ companyId: buyer.companyId, role: "viewer" });
    expect(await messageOf(moveOwnQuote(await asBuyer(stranger), number, { intent: "accept", version: 1 }))).toBe(
      "404 That quote does not exist.",
    );
    expect(await messageOf(findQuote(await asBuyer(stranger), number))).toBe("404 That quote does not exist.");
    expect(await messageOf(findQuote(await asBuyer(stranger), "not-a-number"))).toBe("404 That quote does not exist.");
    expect(await messageOf(moveOwnQuote(await asBuyer(viewer), number, { intent: "accept", version: 1 }))).toMatch(
      /^403 /,
    );
    expect((await findQuote(await asBuyer(viewer), number)).quote.status).toBe("quoted");
    expect(await statusOf(number)).toBe("quoted");
  });

  it("refuse to accept a version past its last valid day, and move the quote to expired", async () => {
    const { buyer, number } = await quoted(addDays(today, -1));
    expect(await messageOf(moveOwnQuote(await asBuyer(buyer), number, { intent: "accept", version: 1 }))).toMatch(
      /^409 This quote was valid until .* and has expired\. Ask us for a new quote\.$/,
    );
    expect(await statusOf(number)).toBe("expired");
  });

  it("let only one of two moves at once through: the other is refused by the state the first left", async () => {
    const { buyer, number } = await quoted();
    const results = await Promise.all([
      messageOf(moveOwnQuote(await asBuyer(buyer), number, { intent: "accept", version: 1 })),
      messageOf(moveOwnQuote(await asBuyer(buyer), number, { intent: "decline", comment: "no" })),
    ]);
    expect(results.filter((result) => result === "ok")).toHaveLength(1);
    expect(
      results.filter((result) => /^409 This quote is (accepted|declined), so it cannot be/.test(result)),
    ).toHaveLength(1);
    const { events } = await findQuote(await asBuyer(buyer), number);
    expect(events.filter((event) => event.fromStatus === "quoted")).toHaveLength(1);
  });

  it("still accept on its last valid day", async () => {
    const { buyer, number } = await quoted(today);
    await moveOwnQuote(await asBuyer(buyer), number, { intent: "accept", version: 1 });
    expect(await statusOf(number)).toBe("accepted");
  });
});

describe("expiry", () => {
  it("moves quoted and accepted quotes past their last valid day to expired, and leaves the rest", async () => {
    const buyer = await member();
    const make = async (validUntil: string, accept = false) => {
      const number = await requestQuote(await asBuyer(buyer), request({ source: "product", partNumber: "QW-100" }));
      await answerQuote(number, { validUntil });
      if (accept) await moveOwnQuote(await asBuyer(buyer), number, { intent: "accept", version: 1 });
      return number;
    };
    const stillValid = await make(addDays(today, 30));
    const lapsed = await make(addDays(today, 3));
    const lapsedAccepted = await make(addDays(today, 3), true);
    const requested = await requestQuote(await asBuyer(buyer), request({ source: "product", partNumber: "QW-100" }));
    const inFourDays = new Date(Date.now() + 4 * 86_400_000);
    expect(await expireQuotes(inFourDays)).toBeGreaterThanOrEqual(2);
    expect(await statusOf(stillValid)).toBe("quoted");
    expect(await statusOf(lapsed)).toBe("expired");
    expect(await statusOf(lapsedAccepted)).toBe("expired");
    expect(await statusOf(requested)).toBe("requested");
    const [event] = (await findQuote(await asBuyer(buyer), lapsed)).events.slice(-1);
    expect(event).toMatchObject({ fromStatus: "quoted", toStatus: "expired", actor: null });
    expect(await expireQuotes(inFourDays)).toBe(0);
  });

  it("leaves a quote the store answered again while the job waited for its row", async () => {
    const buyer = await member();
    const number = await requestQuote(await asBuyer(buyer), request({ source: "product", partNumber: "QW-100" }));
    await answerQuote(number, { validUntil: addDays(today, 3) });
    const [row] = await db().select().from(quotes).where(eq(quotes.quoteNumber, number));
    const quoteId = row?.id ?? "";
    const held = deferred();
    const taken = deferred();
    // The buyer asks for a revision and the store sends version 2, valid for a month, while the
    // job holds version 1's day from the list it read before it could lock the row.
    const revision = db().transaction(async (tx) => {
      await tx.select().from(quotes).where(eq(quotes.id, quoteId)).for("update");
      taken.settle();
      await held.promise;
      await moveQuote(tx, quoteId, "requested", { actorId: buyer.id, comment: "Cheaper, please." });
      await tx
        .insert(quoteVersions)
        .values({ quoteId, version: 2, validUntil: addDays(today, 30), subtotalAmount: "1.00" });
      await tx.update(quotes).set({ currentVersion: 2 }).where(eq(quotes.id, quoteId));
      await moveQuote(tx, quoteId, "quoted", { actorId: null });
    });
    await taken.promise;
    const job = expireQuotes(new Date(Date.now() + 4 * 86_400_000));
    await new Promise((resolve) => setTimeout(resolve, 500));
    held.settle();
    await revision;
    await job;
    expect(await statusOf(number)).toBe("quoted");
  });
});
