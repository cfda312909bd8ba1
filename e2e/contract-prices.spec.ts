import { expect, test } from "@playwright/test";
import {
  confirmedBuyer,
  expectNoAccessibilityViolations,
  openCart,
  payWithCard,
  signIn,
  signInAsAdmin,
  waitForHydration,
  wheel,
} from "./helpers";

const wheelPage = "/products/grinding-wheel-4-5-in-gw-45-001"; // GW-45-001, list $12.99
// CW-45-045: $2.45, 100+ $1.98, 500+ $1.75, 1,000+ $1.55.
const cutOffPage = "/products/cut-off-wheel-4-5-x-045-in-cw-45-045";
const compareBoth = "/compare?parts=CW-45-045,GW-45-001";

test("the admin gives a company a fixed price and a brand percentage; its member sees them struck through against list on the product page, the listing, the cart and the order; a visitor sees list prices only", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000); // a buyer signs up and confirms by e-mail, the admin edits the list, the buyer pays
  const lastName = `Contract${Date.now().toString(36)}`;
  const member = await confirmedBuyer(page, "contract", lastName);

  // The store's admin finds the company on the dashboard and opens its contract prices.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAsAdmin(adminPage);
  await adminPage.goto("/admin");
  await adminPage.getByPlaceholder("Search by name, company, or account number...").fill(lastName);
  // The search navigates as the admin types; the link is followed once the list is the searched one.
  await expect(adminPage).toHaveURL(new RegExp(`q=${lastName}`));
  const row = adminPage
    .getByRole("table", { name: "Customer Accounts" })
    .getByRole("row")
    .filter({ hasText: lastName });
  await row.getByRole("link", { name: /^Contract prices/ }).click();
  await expect(adminPage.getByRole("heading", { level: 1, name: "Contract Prices" })).toBeVisible();
  await expect(adminPage.getByText("No contract prices: members pay list and tier prices.")).toBeVisible();
  await expectNoAccessibilityViolations(adminPage);

  // A wrong rule is refused at its field: a percentage for a part number.
  await adminPage.getByLabel("Part number").fill("GW-45-001");
  await adminPage.getByLabel("Percent off (%)").fill("10");
  await adminPage.getByLabel("Starts on (YYYY-MM-DD)").fill("2020-01-01");
  await adminPage.getByRole("button", { name: "Add Rule" }).click();
  await expect(adminPage.getByText("A part number takes a fixed price: leave the percentage off empty")).toBeVisible();
  await expect(adminPage.getByText("Enter the contract price for this part number, e.g. 9.50")).toBeVisible();
  await adminPage.getByLabel("Percent off (%)").fill("");
  await adminPage.getByLabel("Price ($)").fill("9.50");
  await adminPage.getByRole("button", { name: "Add Rule" }).click();
  await expect(adminPage.getByText("Price rule added")).toBeVisible();

  await adminPage.getByLabel("Brand").fill("Ironridge");
  await adminPage.getByLabel("Percent off (%)").fill("10");
  await adminPage.getByLabel("Starts on (YYYY-MM-DD)").fill("2020-01-01");
  await adminPage.getByRole("button", { name: "Add Rule" }).click();
  const rules = adminPage.getByRole("table", { name: "Price List" });
  await expect(rules.getByRole("row").filter({ hasText: "Brand Ironridge" })).toContainText("10% off list");
  await expect(rules.getByRole("row").filter({ hasText: "Part GW-45-001" })).toContainText("$9.50");
  // A fixed price between the cut-off wheel's tiers: below its 1-99 and 100-499 prices, above its 500+ ones.
  await adminPage.getByLabel("Part number").fill("CW-45-045");
  await adminPage.getByLabel("Price ($)").fill("1.80");
  await adminPage.getByLabel("Starts on (YYYY-MM-DD)").fill("2020-01-01");
  await adminPage.getByRole("button", { name: "Add Rule" }).click();
  await expect(rules.getByRole("row").filter({ hasText: "Part CW-45-045" })).toContainText("$1.80");
  await expectNoAccessibilityViolations(adminPage);
  await adminContext.close();

  // The member sees their price on the product page, the list price struck through and named.
  await signIn(page, member.email, member.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await page.goto(wheelPage);
  await waitForHydration(page);
  const main = page.getByRole("main");
  await expect(main.getByText("Your company's contract price")).toBeVisible();
  await expect(main.locator("s").filter({ hasText: "List price $12.99" }).first()).toBeVisible();
  await expect(main.getByText("$9.50").first()).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // The brand's 10% on a listing's card: the flap disc's $8.49 is $7.64 (7.641).
  await page.goto("/category/abrasives/flap-discs");
  await waitForHydration(page);
  const disc = page.getByRole("listitem").filter({ hasText: "FD-80-001" });
  await expect(disc.getByText("List price $8.49")).toBeVisible();
  await expect(disc.getByText("$7.64")).toBeVisible();

  // The bulk table and the quantity price follow the one rule: the contract price where it is below
  // the tier, the tier where it is lower.
  await page.goto(cutOffPage);
  await waitForHydration(page);
  const tiers = main.getByRole("table", { name: "Bulk Pricing" });
  for (const [range, struck] of [
    ["1-99", "List price $2.45"],
    ["100-499", "Bulk price $1.98"],
  ] as const) {
    const row = tiers.getByRole("row").filter({ hasText: range });
    await expect(row.locator("s")).toHaveText(struck);
    await expect(row).toContainText("$1.80");
  }
  for (const [range, price] of [
    ["500-999", "$1.75"],
    ["1,000+", "$1.55"],
  ] as const) {
    const row = tiers.getByRole("row").filter({ hasText: range });
    await expect(row).toContainText(price);
    await expect(row.locator("s")).toHaveCount(0);
  }
  const price = main.locator('[aria-live="polite"]').filter({ hasText: "Line total" });
  await page.getByLabel("Quantity").fill("150");
  await expect(price).toContainText("$1.80 each");
  await expect(price).toContainText("Line total for 150: $270.00");
  await expect(price).toContainText("Buy 500 or more at $1.75 each, save $25.00");
  await page.getByLabel("Quantity").fill("500");
  await expect(price).toContainText("$1.75 each");
  await expect(price).toContainText("Line total for 500: $875.00");
  await expect(price).not.toContainText("contract price");
  await expectNoAccessibilityViolations(page);

  // The compare page, the search suggestions and a saved list: the member's price, list struck through.
  await page.goto(compareBoth);
  await waitForHydration(page);
  const priceRow = main.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /^Price/ }) });
  await expect(priceRow).toContainText("List price $2.45");
  await expect(priceRow).toContainText("$1.80");
  await expect(priceRow).toContainText("$9.50");
  await expectNoAccessibilityViolations(page);
  await page.goto("/search");
  await waitForHydration(page);
  await page.getByRole("combobox", { name: "Search again" }).pressSequentially("CW-45-045", { delay: 30 });
  const suggestion = page
    .getByRole("listbox", { name: "Suggestions" })
    .getByRole("option")
    .filter({ hasText: "Cut-Off Wheel 4.5 x .045 in" });
  await expect(suggestion).toContainText("List price $2.45");
  await expect(suggestion).toContainText("$1.80");
  await page.goto("/account/lists");
  await page.getByLabel("List name").fill("Cut-off wheels");
  await page.getByLabel(/^Part numbers/).fill("CW-45-045, 200");
  await page.getByRole("button", { name: "Create List" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Cut-off wheels" })).toBeVisible();
  await expect(main.getByRole("listitem").filter({ hasText: "CW-45-045" })).toContainText("List price $2.45");
  await expect(main.getByRole("listitem").filter({ hasText: "CW-45-045" })).toContainText("$1.80 each");
  await expectNoAccessibilityViolations(page);

  // The cart, the checkout and the order charge the contract price.
  await page.goto(wheelPage);
  await waitForHydration(page);
  await main.getByRole("button", { name: `Add to Cart: ${wheel}` }).click();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  const cart = await openCart(page);
  await expect(cart.getByText("List price $12.99")).toBeVisible();
  await expect(cart.getByText("$9.50 each")).toBeVisible();
  await cart.getByRole("link", { name: "Checkout" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  const checkout = page.getByRole("main");
  await checkout.getByLabel("Phone").fill("5035550142");
  // Oregon: no sales tax, so the order is the contract price alone.
  await expect(checkout.getByRole("button", { name: "Place Order - $9.50" })).toBeVisible();
  await checkout.getByRole("button", { name: "Place Order - $9.50" }).click();
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  await expect(page.getByText("List price $12.99")).toBeVisible();
  await expect(page.getByText("1 × List price $12.99, your price $9.50")).toBeVisible();
  // My Account's recent orders show the order's lines as it was placed, list price beside.
  await page.goto("/account");
  await waitForHydration(page);
  await page.getByRole("tab", { name: "Orders" }).click();
  await expect(page.getByRole("main").getByText("1 × List price $12.99, your price $9.50")).toBeVisible();

  // A visitor gets the list price only, on the same shared pages.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(wheelPage);
  await waitForHydration(visitor);
  await expect(visitor.getByRole("main").getByText("$12.99").first()).toBeVisible();
  await expect(visitor.getByText("List price", { exact: false })).toHaveCount(0);
  await expect(visitor.getByText("$9.50")).toHaveCount(0);
  await visitor.goto("/category/abrasives/flap-discs");
  await waitForHydration(visitor);
  await expect(visitor.getByRole("listitem").filter({ hasText: "FD-80-001" }).getByText("$8.49")).toBeVisible();
  await expect(visitor.getByText("$7.64")).toHaveCount(0);
  await visitor.goto(cutOffPage);
  await waitForHydration(visitor);
  const visitorTiers = visitor.getByRole("table", { name: "Bulk Pricing" });
  await expect(visitorTiers.getByRole("row").filter({ hasText: "1-99" })).toContainText("$2.45");
  await expect(visitorTiers.locator("s")).toHaveCount(0);
  await visitor.goto(compareBoth);
  await waitForHydration(visitor);
  await expect(visitor.getByText("$1.80")).toHaveCount(0);
  await expect(visitor.getByText("List price", { exact: false })).toHaveCount(0);
});
