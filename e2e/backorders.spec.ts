// Ordering past the stock (docs/decisions/back-orders.md): a back-orderable part is split into what
// ships now and what is back-ordered everywhere the buyer sees the line; any other part's quantity
// past the stock is refused with what is in stock, never cut.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { addBusinessDays, formatWeekdayDay, storeDay } from "../domain/dates/dates";
import {
  confirmedBuyer,
  expectNoAccessibilityViolations,
  openCart,
  payWithCard,
  saveProduct,
  signIn,
  signInAsAdmin,
  waitForHydration,
} from "./helpers";

/**
 * The admin, in a browser of their own, opens the `nth` active in-stock shop-supplies part (a
 * corner no other story orders from) and sets its stock, lead time and back-order switch.
 */
async function preparePart(
  browser: Browser,
  nth: number,
  { stock, leadTime, backorderable }: { stock: number; leadTime: string; backorderable: boolean },
) {
  const adminPage = await (await browser.newContext()).newPage();
  await signInAsAdmin(adminPage);
  await adminPage.goto("/admin/products?category=shop-supplies&status=active&stock=in");
  const link = adminPage.getByRole("table", { name: "Products" }).getByRole("row").nth(nth).getByRole("link");
  const partNumber = (await link.textContent()) ?? "";
  await link.click();
  await expect(adminPage.getByRole("heading", { name: `Edit ${partNumber}` })).toBeVisible();
  await adminPage.getByLabel("Stock Level").fill(String(stock));
  await adminPage.getByLabel("Lead Time (business days)").fill(leadTime);
  await adminPage.getByLabel("Back-orderable").setChecked(backorderable);
  await saveProduct(adminPage);
  const storefront = (await adminPage.getByRole("link", { name: "View on the storefront" }).getAttribute("href")) ?? "";
  const name = await adminPage.getByLabel("Name", { exact: true }).inputValue();
  return { adminPage, partNumber, name, storefront };
}

async function signedInBuyer(page: Page, name: string) {
  const buyer = await confirmedBuyer(page, name);
  await signIn(page, buyer.email, buyer.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  return buyer;
}

test("a buyer orders a back-orderable part past its stock and sees what ships now and what is back-ordered at every step", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { adminPage, name, storefront } = await preparePart(browser, 1, {
    stock: 12,
    leadTime: "10",
    backorderable: true,
  });
  const today = storeDay(new Date());
  const split = `12 ship now, 8 back-ordered, expected ${formatWeekdayDay(addBusinessDays(today, 10), today)}`;

  await signedInBuyer(page, "backorder");
  await page.goto(storefront);
  await waitForHydration(page);
  await expect(page.getByText("In Stock (12 available)")).toBeVisible();
  await expect(page.getByText("Available on back-order: lead time 10 business days")).toBeVisible();
  await page.getByLabel("Quantity").fill("20");
  await expect(page.getByRole("status").filter({ hasText: "back-ordered" })).toHaveText(split);
  await expectNoAccessibilityViolations(page);
  await page.getByRole("button", { name: `Add to Cart: ${name}` }).click();
  await expect(page.getByText(`20 x ${name} added to cart!`)).toBeVisible();

  const cart = await openCart(page);
  await expect(cart.getByRole("listitem").filter({ hasText: name })).toContainText(split);
  await expectNoAccessibilityViolations(page);
  await cart.getByRole("link", { name: "Checkout" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  const summary = page.getByRole("complementary", { name: "Order Summary" });
  await expect(summary.getByText(split)).toBeVisible();
  const main = page.getByRole("main");
  await main.getByLabel("Phone").fill("5035550142");
  await main.getByRole("button", { name: /^Place Order - / }).click();
  await payWithCard(page, "4242 4242 4242 4242");

  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  const details = page.getByRole("main");
  await expect(details.getByText("20 × ")).toBeVisible();
  await expect(details.getByText(split)).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // Only the 12 on the shelf were taken from stock; the 8 are owed.
  await adminPage.reload();
  await expect(adminPage.getByLabel("Stock Level")).toHaveValue("0");
  await adminPage.close();
});

test("a quantity past the stock of a part that is not back-orderable is refused with what is in stock, never cut", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { adminPage, partNumber, name, storefront } = await preparePart(browser, 2, {
    stock: 5,
    leadTime: "",
    backorderable: false,
  });
  await adminPage.close();
  const refusal = `Only 5 in stock for ${partNumber}; ask for 5 or fewer.`;

  await signedInBuyer(page, "not-backorder");
  await page.goto(storefront);
  await waitForHydration(page);
  const quantity = page.getByLabel("Quantity");
  const addToCart = page.getByRole("button", { name: `Add to Cart: ${name}` });
  await quantity.fill("6");
  await expect(page.getByRole("status").filter({ hasText: "in stock for" })).toHaveText(refusal);
  await expect(quantity).toHaveAttribute("aria-invalid", "true");
  await expect(addToCart).toBeDisabled();
  // Leaving the field keeps what the buyer typed: nothing is cut to the stock.
  await quantity.blur();
  await expect(quantity).toHaveValue("6");
  await expectNoAccessibilityViolations(page);
  await quantity.fill("5");
  await expect(page.getByText(refusal)).toHaveCount(0);
  await addToCart.click();
  await expect(page.getByText(`5 x ${name} added to cart!`)).toBeVisible();

  // Typed in the cart, the server refuses it and the line keeps its 5.
  const cart = await openCart(page);
  const line = cart.getByRole("listitem").filter({ hasText: name });
  await expect(cart.getByRole("button", { name: `Increase quantity of ${name}` })).toBeDisabled();
  await line.getByRole("spinbutton", { name: `Quantity of ${name}` }).fill("9");
  await line.getByRole("spinbutton", { name: `Quantity of ${name}` }).press("Enter");
  await expect(page.getByText(refusal)).toBeVisible();
  await expect(line.getByRole("spinbutton", { name: `Quantity of ${name}` })).toHaveValue("5");
  await page.keyboard.press("Escape");

  // Quick Order counts what the cart already holds.
  await page.getByRole("button", { name: "Quick Order" }).click();
  const dialog = page.getByRole("dialog", { name: "Quick Order" });
  await dialog.getByLabel("Part Number, row 1").fill(partNumber);
  await dialog.getByLabel("Qty, row 1").fill("2");
  await dialog.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(`Only 5 in stock for ${partNumber}, and your cart has 5 already.`)).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveText("5");
});
