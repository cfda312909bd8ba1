import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  addWheels,
  approveTerms,
  confirmedBuyer,
  expectNoAccessibilityViolations,
  signIn,
  subjectsMailedTo,
} from "./helpers";

/** A Net 30 order of `wheels` grinding wheels ($12.99 each, Oregon: no tax); its invoice number. */
async function termsOrder(page: Page, wheels: number, total: string) {
  await addWheels(page, wheels);
  await page.goto("/checkout");
  const main = page.getByRole("main");
  await expect(main.getByRole("button", { name: `Place Order - ${total}` })).toBeEnabled();
  await main.getByRole("radio", { name: /^Net 30 Terms/ }).check();
  await main.getByLabel("Phone").fill("5035550142");
  await main.getByRole("button", { name: `Place Order - ${total}` }).click();
  await expect(page).toHaveURL(/\/order-confirmation\/ORD/);
  const link = page.getByRole("link", { name: /^Download Invoice INV-\d{6} \(PDF\)$/ });
  return /INV-\d{6}/.exec((await link.textContent()) ?? "")?.[0] ?? "";
}

/** Ticks the invoice's "Pay" box from the keyboard; with `amount`, types it over the balance. */
async function choose(invoices: Locator, page: Page, invoiceNumber: string, amount?: string) {
  await invoices.getByRole("checkbox", { name: `Pay invoice ${invoiceNumber}` }).focus();
  await page.keyboard.press("Space");
  const field = invoices.getByRole("textbox", { name: `Amount to pay on ${invoiceNumber}` });
  await expect(field).toBeEnabled();
  if (!amount) return;
  await page.keyboard.press("Tab");
  await expect(field).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(amount);
}

test("a buyer on terms pays one invoice in part and two in full by keyboard with the test card, and sees the receipt and the balance drop", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000); // sign-up, the admin's grant and three orders come first
  const lastName = `Payer${Date.now().toString(36)}`;
  const buyer = await confirmedBuyer(page, "payer", lastName);
  await approveTerms(browser, lastName, "1000");
  await signIn(page, buyer.email, buyer.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  const partly = await termsOrder(page, 4, "$51.96");
  const whole = await termsOrder(page, 2, "$25.98");
  const small = await termsOrder(page, 1, "$12.99");

  await page.goto("/account/credit");
  const credit = page.getByRole("main");
  const figure = (term: string) => credit.getByText(term, { exact: true }).locator("xpath=following-sibling::dd[1]");
  await expect(figure("Used Credit")).toHaveText("$90.93");
  const invoices = credit.getByRole("table", { name: "Open Invoices" });
  await expect(invoices.getByRole("row").filter({ hasText: partly })).toContainText("$51.96");

  // More than is owed is refused before the card is asked for.
  await choose(invoices, page, partly, "60.00");
  await credit.getByRole("button", { name: "Pay $60.00 by Card" }).focus();
  await page.keyboard.press("Enter");
  await expect(credit.getByRole("alert")).toHaveText(
    `Invoice ${partly} has $51.96 left to pay, so $60.00 is more than is owed. Enter $51.96 or less.`,
  );
  await expect(page.getByRole("region", { name: "Payment Information" })).toHaveCount(0);

  // $20.00 of the first, the others in full.
  await invoices.getByRole("textbox", { name: `Amount to pay on ${partly}` }).focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("20.00");
  await choose(invoices, page, whole);
  await choose(invoices, page, small);
  const payButton = credit.getByRole("button", { name: "Pay $58.97 by Card" });
  await payButton.focus();
  await page.keyboard.press("Enter");

  const panel = page.getByRole("region", { name: "Payment Information" });
  await expect(panel.getByRole("heading", { name: "Payment Information" })).toBeFocused();
  await expectNoAccessibilityViolations(page);
  await page.keyboard.press("Tab");
  await expect(panel.getByLabel("Card number")).toBeFocused();
  await page.keyboard.type("4242 4242 4242 4242");
  await page.keyboard.press("Tab");
  await page.keyboard.type("1234");
  await page.keyboard.press("Tab");
  await page.keyboard.type("123");
  await page.keyboard.press("Enter");

  const receipt = page.getByRole("status").filter({ has: page.getByRole("heading", { name: "Payment Received" }) });
  await expect(receipt).toContainText("Thank you: we received your card payment of $58.97.");
  await expect(receipt).toContainText(`${partly} (order ORD`);
  await expect(receipt).toContainText("paid $20.00, balance $31.96");
  await expect(receipt).toContainText(`${whole} (order`);
  await expect(receipt).toContainText("paid $25.98, paid in full");
  await expect(receipt).toContainText("paid $12.99, paid in full");
  await expect(receipt).toContainText("Remaining balance on your account: $31.96");

  // The balance, the available credit and the aging change at once.
  await expect(figure("Used Credit")).toHaveText("$31.96");
  await expect(figure("Available Credit")).toHaveText("$968.04");
  await expect(figure("Current")).toHaveText("$31.96");
  await expect(invoices.getByRole("row").filter({ hasText: whole })).toHaveCount(0);
  await expect(invoices.getByRole("row").filter({ hasText: small })).toHaveCount(0);
  const left = invoices.getByRole("row").filter({ hasText: partly });
  await expect(left).toContainText("$51.96");
  await expect(left).toContainText("$31.96");
  await expectNoAccessibilityViolations(page);
  await expect.poll(() => subjectsMailedTo(buyer.email)).toContain("Payment received: $58.97");
});
