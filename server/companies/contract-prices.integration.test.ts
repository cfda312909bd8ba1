import { eq } from "drizzle-orm";
import { extractText } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { contractPriceInputSchema } from "../../domain/pricing/contract-prices";
import { checkoutInput } from "../../test/checkout-input";
import { withTestDatabase } from "../../test/database";
import { asBuyer, type Buyer, fillCart, signedUpBuyer } from "../../test/store-fixtures";
import { seedCatalogIfEmpty } from "../catalog/seed/seed";
import { adminAuditLog, companies, companyMembers, contractPrices, products } from "../db/schema";
import { orderDocument } from "../documents/order-document";
import { renderPartsDocument } from "../documents/parts-document";
import { StoreError } from "../errors";
import { findOrder } from "../orders/orders";
import { placeOrder } from "../orders/place-order";
import { cartSummary } from "../pricing/price";
import { priceListOf } from "../pricing/price-list";
import { companyPriceList, importContractPrices, removeContractPrice, saveContractPrice } from "./contract-prices";

const { handle } = withTestDatabase();

// Noon in New York.
const monday = new Date("2026-11-23T17:00:00Z");
const tuesday = new Date("2026-11-24T17:00:00Z");

let admin: Buyer;
let acme: Buyer;
let acmeAccount = "";
let rival: Buyer;
let wheelBrand = "";

async function accountOf(buyer: Buyer) {
  const [row] = await handle()
    .db.select({ id: companies.id, accountNumber: companies.accountNumber })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, buyer.id));
  if (!row) throw new Error(`${buyer.email} has no company`);
  return row;
}

const rule = (fields: Record<string, string>) => contractPriceInputSchema.parse({ starts_on: "2026-11-01", ...fields });

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "saved",
    (error: unknown) => (error instanceof StoreError ? `${error.status} ${error.message}` : String(error)),
  );

beforeAll(async () => {
  await seedCatalogIfEmpty(handle().db);
  admin = await signedUpBuyer("admin@store.test");
  acme = await signedUpBuyer("buyer@acme.test", { companyName: "Acme" });
  rival = await signedUpBuyer("buyer@rival.test", { companyName: "Rival" });
  acmeAccount = (await accountOf(acme)).accountNumber;
  const [wheel] = await handle()
    .db.select({ brand: products.brand })
    .from(products)
    .where(eq(products.partNumber, "GW-45-001"));
  wheelBrand = wheel?.brand ?? "";
  // Terms, so the orders below are placed without a card.
  await handle().db.update(companies).set({ onTerms: true, creditLimit: "100000" });
});

describe("a price rule's checks", () => {
  it("refuses a form or row that is not a rule, naming the column and what it expects", () => {
    const issues = (fields: Record<string, string>) =>
      contractPriceInputSchema.safeParse(fields).error?.issues.map((issue) => [issue.path[0], issue.message]) ?? [];
    expect(issues({ part_number: "GW-45-001", price: "0", starts_on: "2026-11-01" })).toEqual([
      ["price", "The price must be more than $0"],
    ]);
    expect(issues({ brand: "Norton", percent_off: "100", starts_on: "2026-11-01" })).toEqual([
      ["percent_off", "Enter a percentage more than 0 and less than 100, e.g. 12.5"],
    ]);
    expect(issues({ brand: "Norton", percent_off: "0", starts_on: "2026-11-01" })).toEqual([
      ["percent_off", "Enter a percentage more than 0 and less than 100, e.g. 12.5"],
    ]);
    expect(issues({ brand: "Norton", percent_off: "5", starts_on: "2026-11-02", ends_on: "2026-11-01" })).toEqual([
      ["ends_on", "The end date cannot be before the start date"],
    ]);
    expect(issues({ part_number: "GW-45-001", brand: "Norton", price: "5", starts_on: "2026-02-30" })).toEqual([
      ["brand", "Give one of part number, category or brand per rule: put the others on rows of their own"],
      ["starts_on", "Enter the start date as YYYY-MM-DD, e.g. 2026-12-01"],
    ]);
    expect(issues({ category: "abrasives", price: "5", starts_on: "2026-11-01" })).toEqual([
      ["percent_off", "Enter the percentage off list for this category or brand, e.g. 12.5"],
      ["price", "A category or brand takes a percentage off: leave the price empty"],
    ]);
    // A rule on its first day only is fine.
    expect(issues({ part_number: "GW-45-001", price: "9.5", starts_on: "2026-11-01", ends_on: "2026-11-01" })).toEqual(
      [],
    );
  });

  it("refuses a part number, category or brand the catalogue does not have, writing nothing", async () => {
    expect(await refusal(saveContractPrice(admin.id, acmeAccount, rule({ part_number: "NOPE-1", price: "5" })))).toBe(
      "400 No product has the part number NOPE-1",
    );
    expect(
      await refusal(saveContractPrice(admin.id, acmeAccount, rule({ category: "no-such-aisle", percent_off: "5" }))),
    ).toBe("400 No category or subcategory has the slug no-such-aisle");
    expect(await refusal(saveContractPrice(admin.id, acmeAccount, rule({ brand: "Nobrand", percent_off: "5" })))).toBe(
      "400 No product in the catalogue is of the brand Nobrand",
    );
    expect(
      await refusal(saveContractPrice(admin.id, "ACCT-999999", rule({ part_number: "GW-45-001", price: "5" }))),
    ).toBe("404 There is no account ACCT-999999.");
    expect(await handle().db.select().from(contractPrices)).toEqual([]);
  });

  it("adds, changes and removes a rule, each in the audit log with before and after", async () => {
    // The part number as a buyer types it: case and dashes do not matter.
    await saveContractPrice(admin.id, acmeAccount, rule({ part_number: "gw 45 001", price: "9.50" }));
    const [added] = (await companyPriceList(acmeAccount)).rules;
    expect(added).toMatchObject({ partNumber: "GW-45-001", price: "9.50", startsOn: "2026-11-01", endsOn: null });
    await saveContractPrice(
      admin.id,
      acmeAccount,
      rule({ part_number: "GW-45-001", price: "9.00", ends_on: "2026-12-31" }),
      added?.id,
    );
    // Another company's account cannot reach this rule.
    const rivalAccount = (await accountOf(rival)).accountNumber;
    expect(await refusal(removeContractPrice(admin.id, rivalAccount, added?.id ?? ""))).toBe(
      "404 That price rule does not exist. Reload the page to see the price list.",
    );
    await removeContractPrice(admin.id, acmeAccount, added?.id ?? "");
    expect((await companyPriceList(acmeAccount)).rules).toEqual([]);
    const log = await handle()
      .db.select({ action: adminAuditLog.action, before: adminAuditLog.before, after: adminAuditLog.after })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.entityId, (await accountOf(acme)).id))
      .orderBy(adminAuditLog.createdAt);
    expect(log.map((entry) => entry.action)).toEqual([
      "contract_price.create",
      "contract_price.update",
      "contract_price.delete",
    ]);
    expect(log[1]?.before).toMatchObject({ part_number: "GW-45-001", price: "9.50", ends_on: null });
    expect(log[1]?.after).toMatchObject({ part_number: "GW-45-001", price: "9.00", ends_on: "2026-12-31" });
    expect(log[2]).toMatchObject({ before: { price: "9.00" }, after: null });
  });
});

const header = "part_number,category,brand,price,percent_off,starts_on,ends_on";

describe("a price list uploaded as CSV", () => {
  it("refuses the whole file when a row is bad, naming its row, column and what is expected", async () => {
    await saveContractPrice(admin.id, acmeAccount, rule({ part_number: "FD-80-001", price: "7.00" }));
    const report = await importContractPrices(
      admin.id,
      acmeAccount,
      [
        header,
        "GW-45-001,,,9.50,,2026-11-01,",
        "CW-45-045,,,abc,,2026-11-01,",
        ",abrasives,,,150,2026-11-01,",
        "NOPE-9,,,1.00,,2026-11-01,",
        `,,${wheelBrand},,10,2026-11-05,2026-11-04`,
      ].join("\n"),
    );
    expect(report).toEqual({
      written: 0,
      problems: [
        { row: 3, column: "price", message: "Enter the price in dollars with at most 2 decimals, e.g. 9.50" },
        { row: 4, column: "percent_off", message: "Enter a percentage more than 0 and less than 100, e.g. 12.5" },
        { row: 5, column: "part_number", message: "No product has the part number NOPE-9" },
        { row: 6, column: "ends_on", message: "The end date cannot be before the start date" },
      ],
    });
    // The list is as it was.
    expect((await companyPriceList(acmeAccount)).rules.map((r) => [r.partNumber, r.price])).toEqual([
      ["FD-80-001", "7.00"],
    ]);
  });

  it("refuses a file whose first row is not the columns", async () => {
    expect(await refusal(importContractPrices(admin.id, acmeAccount, "sku,price\nGW-45-001,9.50"))).toBe(
      `400 The first row must name the columns ${header}, in that order.`,
    );
  });

  it("replaces the company's list with a good file, in one audit entry", async () => {
    const report = await importContractPrices(
      admin.id,
      acmeAccount,
      [
        header,
        "GW-45-001,,,9.50,,2026-11-01,2026-11-23",
        ",abrasives,,,10,2026-11-01,",
        `,,${wheelBrand.toUpperCase()},,5.5,2026-11-01,`,
      ].join("\r\n"),
    );
    expect(report).toEqual({ written: 3, problems: [] });
    const { rules } = await companyPriceList(acmeAccount);
    expect(rules.map((r) => [r.partNumber, r.category, r.brand, r.price, r.percentOff, r.endsOn])).toEqual(
      expect.arrayContaining([
        ["GW-45-001", null, null, "9.50", null, "2026-11-23"],
        [null, "abrasives", null, null, "10.00", null],
        [null, null, wheelBrand, null, "5.50", null],
      ]),
    );
    expect(rules).toHaveLength(3);
    const [entry] = await handle()
      .db.select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "contract_price.import"));
    expect(entry?.before).toEqual([expect.objectContaining({ part_number: "FD-80-001", price: "7.00" })]);
    expect(entry?.after).toHaveLength(3);
  });
});

describe("a member's cart and order at the contract price", () => {
  it("prices the cart at the contract price, the list price beside it, and other companies at list", async () => {
    const acmeCart = await fillCart(acme, [["GW-45-001", 2]]);
    const [line] = (await cartSummary(acmeCart, { buyer: await asBuyer(acme), now: monday })).lines;
    expect(line).toMatchObject({ partNumber: "GW-45-001", unitPrice: "9.50", listPrice: "12.99", lineTotal: "19.00" });
    const rivalCart = await fillCart(rival, [["GW-45-001", 2]]);
    const [rivalLine] = (await cartSummary(rivalCart, { buyer: await asBuyer(rival), now: monday })).lines;
    expect(rivalLine).toMatchObject({ unitPrice: "12.99", listPrice: undefined });
    expect((await priceListOf(await asBuyer(rival), monday)).contractRules).toEqual([]);
    expect((await priceListOf(await asBuyer(acme), monday)).contractRules).toHaveLength(3);
  });

  it("writes the order at the contract price with the list price kept beside it", async () => {
    const cartId = await fillCart(acme, []);
    const placed = await placeOrder({
      buyer: await asBuyer(acme),
      cartId,
      checkout: checkoutInput(acme.email, { paymentMethod: "net_30" }),
      now: monday,
    });
    const order = await findOrder(placed.orderNumber, await asBuyer(acme));
    // 2 × 9.50 = 19.00.
    expect(order?.items.map((item) => [item.productSku, item.unitPrice, item.totalPrice, item.listUnitPrice])).toEqual([
      ["GW-45-001", "9.50", "19.00", "12.99"],
    ]);
    expect(order?.subtotalAmount).toBe("19.00");
    // The invoice names the list price beside the contract price.
    if (!order) throw new Error("the order was not written");
    const pdf = await renderPartsDocument(orderDocument(order));
    const invoice = (await extractText(new Uint8Array(pdf), { mergePages: true })).text;
    expect(invoice).toContain("$9.50");
    expect(invoice).toContain("List price $12.99");
  });

  it("re-checks the price list when the order is placed: a rule that ended since is not applied", async () => {
    const cartId = await fillCart(acme, [["GW-45-001", 1]]);
    expect((await cartSummary(cartId, { buyer: await asBuyer(acme), now: monday })).lines[0]?.unitPrice).toBe("9.50");
    // The fixed price ended on Monday; on Tuesday the abrasives 10% (12.99 -> 11.69) is the best left.
    const placed = await placeOrder({
      buyer: await asBuyer(acme),
      cartId,
      checkout: checkoutInput(acme.email, { paymentMethod: "net_30" }),
      now: tuesday,
    });
    const order = await findOrder(placed.orderNumber, await asBuyer(acme));
    expect(order?.items.map((item) => [item.unitPrice, item.listUnitPrice])).toEqual([["11.69", "12.99"]]);
  });

  it("writes a list-price order with no list price beside it", async () => {
    const cartId = await fillCart(rival, []);
    const placed = await placeOrder({
      buyer: await asBuyer(rival),
      cartId,
      checkout: checkoutInput(rival.email, { paymentMethod: "net_30" }),
      now: monday,
    });
    const order = await findOrder(placed.orderNumber, await asBuyer(rival));
    expect(order?.items.map((item) => [item.unitPrice, item.listUnitPrice])).toEqual([["12.99", null]]);
  });
});
