import { expect, type Locator, type Page, test } from "@playwright/test";
import { apiScopes } from "../domain/companies/api-keys";
import { addDays, storeDay } from "../domain/dates/dates";
import { createApiKey } from "../server/api/api-keys";
import { submitForApproval } from "../server/approvals/approvals";
import { createListFromText } from "../server/cart/saved-lists";
import { setSpendLimits } from "../server/companies/members";
import type { DatabaseHandle } from "../server/db/client";
import { user } from "../server/db/schema";
import { placeTermsOrder } from "../server/orders/checkout";
import { approveTerms } from "../server/terms/grants";
import { checkoutInput } from "../test/checkout-input";
import { answerQuote, requestedQuote } from "../test/quote-fixtures";
import {
  asBuyer,
  cardOrder,
  fillCart,
  joinByInvitation,
  memberOf,
  productId,
  signedUpBuyer,
} from "../test/store-fixtures";
import { type StoreProcess, storeProcess } from "../test/store-process";
import {
  addWheels,
  confirmedBuyer,
  expectFitsTheScreen,
  expectNoAccessibilityViolations,
  expectNoSidewaysScroll,
  openCart,
  signIn,
  signInAsAdmin,
  waitForHydration,
} from "./helpers";

// The narrowest phone the store is built for (an iPhone SE or mini), narrower than the project's Pixel 7.
test.use({ viewport: { width: 375, height: 812 } });

/** Opens each page in turn and checks that it fits and passes axe. */
async function visitEach(page: Page, paths: string[]) {
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBeLessThan(400);
    await expectFitsTheScreen(page, path);
    await expectNoAccessibilityViolations(page);
  }
}

test("on a phone, the menu button opens the whole navigation", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog");
  await expect(menu.getByRole("link", { name: "Grinding Wheels" })).toBeVisible();
  await menu.getByRole("link", { name: "Grinding Wheels" }).click();
  await expect(page).toHaveURL("/category/abrasives/grinding-wheels");
});

test("the storefront's pages fit a 375 px phone without sideways scrolling", async ({ page }) => {
  test.setTimeout(90_000);
  await visitEach(page, [
    "/",
    "/shop",
    "/category/abrasives",
    "/category/safety",
    "/category/abrasives/grinding-wheels",
    "/products/cut-off-wheel-4-5-x-045-in-cw-45-045",
    "/search?q=grinding%20wheel",
    "/compare?parts=GW-45-001,FD-80-001,CW-45-045",
    "/auth",
  ]);
  // The product page's tabs, each opened, and its reviews.
  await page.goto("/products/grinding-wheel-4-5-in-gw-45-001");
  await waitForHydration(page); // the tabs switch with JavaScript
  for (const tab of ["Documents", "OEM Cross-Ref", "Reviews"]) {
    await page.getByRole("tab", { name: tab }).click();
    await expectFitsTheScreen(page, `the product page's ${tab} tab`);
  }
});

test("a buyer's cart, checkout and account pages fit a 375 px phone", async ({ page }) => {
  test.setTimeout(120_000);
  const buyer = await confirmedBuyer(page, "phone");
  await signIn(page, buyer.email, buyer.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await addWheels(page, 1);
  await openCart(page);
  await expectFitsTheScreen(page, "the open cart");
  await expectNoAccessibilityViolations(page);
  await visitEach(page, [
    "/checkout",
    "/account",
    "/account/lists",
    "/account/addresses",
    "/account/company",
    "/account/credit",
  ]);
});

test("the back office fits a 375 px phone", async ({ page, browser }) => {
  test.setTimeout(120_000);
  // A customer to list: the dashboard's table of customers is wider than a phone and must scroll inside its card.
  await confirmedBuyer(await (await browser.newContext()).newPage(), "listed");
  await signInAsAdmin(page);
  await visitEach(page, [
    "/admin",
    "/admin/orders",
    "/admin/products",
    "/admin/products/GW-45-001/edit",
    "/admin/products/import",
    "/admin/categories",
    "/admin/categories/abrasives",
    "/admin/categories/abrasives/grinding-wheels",
    "/admin/reviews",
    "/admin/audit-log",
    "/admin/settings",
  ]);
  // In the customers' table, an account number and a Net 30 status each stay on one line.
  await page.goto("/admin");
  const table = page.getByRole("table", { name: "Customer Accounts" });
  for (const text of [/^ACCT-\d{6}$/, /^Not Approved$/]) {
    const cell = table.getByText(text).first();
    const lines = await cell.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(lines, String(text)).toBe(1);
  }
});

// A company admin's tables and lists, each holding something: invoices, a quote's prices, quotes,
// orders, an approval, a list, members, API keys, the cart and checkout. What they hold is written
// by the store's own code into a store of the test's own, with that store stopped (only its process
// can open its embedded database), so the story is about reading them.
test.describe("a company admin's tables on a 375 px phone", () => {
  let store: StoreProcess;
  const records = { email: "", orderNumber: "", quoteNumber: "", listId: "" };

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    store = await storeProcess({ LOG_LEVEL: "warn", SIGN_UPS_PER_ADDRESS: "1000" });
    Object.assign(records, await store.writeWhileStopped(writeRecords));
    await store.start();
  });

  test.afterAll(async () => {
    await store?.remove();
  });

  test("every table reads without a sideways scroll: quantity, unit price and total in view, labelled", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, records.email, "hunter22", store.base);
    await expect(page.getByText("Welcome back!")).toBeVisible();
    const visit = async (path: string) => {
      await page.goto(`${store.base}${path}`);
      await expectFitsTheScreen(page, path);
      await expectNoSidewaysScroll(page, path);
      await expectNoAccessibilityViolations(page);
    };

    // The quote's prices: each line a card, its figures under their names, all on the screen.
    await visit(`/account/quotes/${records.quoteNumber}`);
    const prices = page.getByRole("table", { name: "Prices of version 1" });
    const wheels = prices.getByRole("row").filter({ hasText: "GW-45-001" }).first();
    for (const [column, value] of [
      ["Qty", "1,200"],
      ["Unit price", "$10.95"],
      ["Total", "$13,140.00"],
    ] as const) {
      const cell = wheels.getByRole("cell").filter({ hasText: value });
      await expectOnScreen(page, cell, `${column} ${value}`);
      await expect(cell).toContainText(column);
    }
    await expect(prices.getByRole("columnheader", { name: "Unit price" })).toBeAttached();
    await expectOnScreen(page, prices.getByRole("row", { name: /Subtotal/ }).getByText("$15,945.50"), "the subtotal");

    // The credit centre's open invoice: every column in view.
    await visit("/account/credit");
    const invoice = page.getByRole("table", { name: "Open Invoices" }).getByRole("row").nth(1);
    // The amount shows twice, as the total and as the balance still owed, which nothing has paid yet.
    for (const text of [/^INV-\d{6}$/, records.orderNumber, "Due in 30 days", "$3,516.32"])
      await expectOnScreen(page, invoice.getByText(text).first(), String(text));
    await expect(invoice.getByRole("cell").filter({ hasText: "Due Date" })).toBeVisible();

    await visit("/account/quotes");
    const quote = page.getByRole("table", { name: "Your company's quotes" }).getByRole("row").nth(1);
    for (const text of [records.quoteNumber, "Quoted", "$15,945.50"])
      await expectOnScreen(page, quote.getByText(text), text);

    // The lists a buyer meets elsewhere: an order's lines, an approval, a list, members, API keys.
    await visit(`/account/orders/${records.orderNumber}`);
    await expectOnScreen(page, page.getByText("120 × $12.99"), "an order line's quantity and price");
    await expectOnScreen(page, page.getByText("$1,558.80"), "an order line's total");
    await visit("/account");
    await waitForHydration(page);
    await page.getByRole("tab", { name: "Orders" }).click();
    await expect(page.getByRole("link", { name: records.orderNumber })).toBeVisible();
    await expectFitsTheScreen(page, "the account's orders");
    await expectNoSidewaysScroll(page, "the account's orders");
    for (const path of [
      "/account/approvals",
      "/account/lists",
      `/account/lists/${records.listId}`,
      "/account/company",
      "/account/company/api-keys",
      "/account/company/tax-certificates",
      "/account/addresses",
      "/quotes/new",
    ])
      await visit(path);
    await page.goto(`${store.base}/account/approvals`);
    await expectOnScreen(page, page.getByText("30 × GW-45-001 Grinding Wheel 4.5 in at $12.99"), "the approval's line");

    // The cart and the checkout's summary.
    await visit("/checkout");
    await expectOnScreen(page, page.getByRole("main").getByText("$155.88").first(), "a checkout line's total");
    await waitForHydration(page);
    const cart = await openCart(page);
    await expectOnScreen(page, cart.getByText("$155.88"), "a cart line's total");
    await expectOnScreen(
      page,
      cart.getByRole("spinbutton", { name: /Quantity of Grinding Wheel 4.5 in/ }),
      "its quantity",
    );
    await expectFitsTheScreen(page, "the open cart");
    await expectNoSidewaysScroll(page, "the open cart");

    // On a wide screen the same figures stand in columns under their headings.
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${store.base}/account/quotes/${records.quoteNumber}`);
    await expect(page.getByRole("columnheader", { name: "Unit price" }).first()).toBeVisible();
    await expect(wheels.getByRole("cell").filter({ hasText: "$10.95" })).toHaveText("$10.95", { useInnerText: true });
    await expectNoAccessibilityViolations(page);
  });

  test("the compare page shows each part as a card on a phone, with nothing to scroll sideways", async ({ page }) => {
    await page.goto(`${store.base}/compare?parts=GW-45-001,FD-80-001,CW-45-045,GW-100001`);
    await expectFitsTheScreen(page, "the compare page");
    await expectNoSidewaysScroll(page, "the compare page");
    await expect(page.getByRole("region", { name: "Comparison table" })).toBeHidden();
    const cards = page.getByRole("list", { name: "Parts compared" }).getByRole("article");
    await expect(cards).toHaveCount(4);
    // Every part's price, its quantity and its Add to Cart, and its rows' values, on the screen.
    for (const card of await cards.all()) {
      await expectOnScreen(page, card.getByRole("heading"), "a compared part's name");
      await expectOnScreen(page, card.getByRole("spinbutton", { name: /^Quantity of / }), "its quantity");
      await expectOnScreen(page, card.getByRole("button", { name: /^Add to Cart: / }), "its Add to Cart");
      for (const term of ["Price", "Brand", "Availability"])
        await expectOnScreen(page, card.getByRole("term").filter({ hasText: term }), term);
      await expectOnScreen(page, card.getByRole("definition").first(), "its price");
    }
    await expectNoAccessibilityViolations(page);

    // Two parts on a wide screen: side by side in the grid.
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${store.base}/compare?parts=GW-45-001,FD-80-001`);
    await expect(page.getByRole("region", { name: "Comparison table" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Parts compared" })).toBeHidden();
    await expectNoSidewaysScroll(page, "the compare page at 1366 px");
  });
});

/** Fails unless the element is shown and lies wholly within the screen's width. */
async function expectOnScreen(page: Page, element: Locator, what: string) {
  await expect(element, what).toBeVisible();
  const box = await element.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box && box.x >= 0 && box.x + box.width <= width, `${what} lies within the screen`).toBe(true);
}

/**
 * The company's records: Ada, its admin, on Net 30 with an open invoice of three lines, a card
 * order, a quote priced by the store, a list; Bea, a buyer whose order waits for approval; a key.
 */
async function writeRecords(database: DatabaseHandle) {
  const ada = await signedUpBuyer("ada@tables.example", { firstName: "Ada", lastName: "Tablewright" });
  await database.db
    .insert(user)
    .values({ id: "records-admin", name: "Records Admin", email: "records-admin@example.com", emailVerified: true });
  await approveTerms("records-admin", (await memberOf(ada.id))?.companyId ?? "", "25000");
  // 120 × $12.99 + 48 × $8.49 + 1000 × $1.55 = $3,516.32 (Oregon: no tax)
  const cartId = await fillCart(ada, [
    ["GW-45-001", 120],
    ["FD-80-001", 48],
    ["CW-45-045", 1000],
  ]);
  const terms = await placeTermsOrder(
    await asBuyer(ada),
    cartId,
    checkoutInput(ada.email, { paymentMethod: "net_30" }),
  );
  await cardOrder(ada, [["GW-45-001", 2]]);

  const today = storeDay(new Date());
  const quote = await requestedQuote({
    userId: ada.id,
    companyId: (await asBuyer(ada)).company?.id ?? "",
    neededBy: addDays(today, 20),
    lines: [
      {
        productId: await productId("GW-45-001"),
        partNumber: "GW-45-001",
        description: "Grinding wheels",
        quantity: 1200,
      },
      { productId: await productId("FD-80-001"), partNumber: "FD-80-001", description: "Flap discs", quantity: 350 },
      { partNumber: "BRK-10", description: "Stainless mounting bracket 10 mm, heavy duty", quantity: 20 },
    ],
  });
  // 1200 × $10.95 + 350 × $7.25 + 20 × $13.40 = $13,140.00 + $2,537.50 + $268.00 = $15,945.50
  await answerQuote(quote.quoteNumber, {
    validUntil: addDays(today, 10),
    lines: [
      { outcome: "priced", unitPrice: "10.95" },
      { outcome: "priced", unitPrice: "7.25" },
      { outcome: "alternative", unitPrice: "13.40", alternative: "CW-45-045" },
    ],
  });

  const list = await createListFromText(
    await asBuyer(ada),
    "Shop floor restock",
    "GW-45-001, 25\nFD-80-001, 40\nCW-45-045, 500",
  );
  const bea = await signedUpBuyer("bea@tables.example", { firstName: "Bea", lastName: "Longsurname-Buyer" });
  await joinByInvitation(ada, bea, "buyer");
  await setSpendLimits(await asBuyer(ada), { userId: bea.id, orderLimit: "50" });
  const beaCart = await fillCart(bea, [["GW-45-001", 30]]);
  await submitForApproval(await asBuyer(bea), { cartId: beaCart }, checkoutInput(bea.email, { poNumber: "PO-4471" }));
  await createApiKey(await asBuyer(ada), { name: "Purchasing system (SAP)", scopes: apiScopes });
  await fillCart(ada, [
    ["GW-45-001", 12],
    ["CW-45-045", 250],
  ]);
  return { email: ada.email, orderNumber: terms.orderNumber, quoteNumber: quote.quoteNumber, listId: list.id };
}
