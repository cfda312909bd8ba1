import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { extractText } from "unpdf";
import { addWheels, adminFindsCustomers, confirmedBuyer, expectNoAccessibilityViolations, signIn } from "./helpers";

test("the admin grants Net 60 with a limit; the buyer checks out on Net 60, downloads the invoice and sees it aging in the credit centre; nobody else can download it", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000); // two buyers sign up and confirm by e-mail, the admin signs in
  const lastName = `Sixty${Date.now().toString(36)}`;
  const buyer = await confirmedBuyer(page, "net60", lastName);
  await signIn(page, buyer.email, buyer.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await addWheels(page, 2);

  // The admin, in a browser of their own, grants Net 60 with a $500 limit.
  const { page: office, rows: row, close: closeOffice } = await adminFindsCustomers(browser, lastName);
  await row.getByRole("button", { name: /Approve Net 30/ }).click();
  const dialog = office.getByRole("dialog", { name: "Approve Net 30 Terms" });
  await dialog.getByLabel("Payment Terms").selectOption("Net 60");
  await dialog.getByLabel("Credit Limit ($)").fill("500");
  await expectNoAccessibilityViolations(office);
  await dialog.getByRole("button", { name: "Approve" }).click();
  await expect(office.getByText("Net 60 terms approved successfully")).toBeVisible();
  await expect(row.getByText("Net 60")).toBeVisible();
  // The credit hold setting, on its own page.
  await office.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Settings" }).click();
  await expect(office.getByLabel("Days an invoice may be past due")).toHaveValue("15");
  await expectNoAccessibilityViolations(office);
  await closeOffice();

  // Checkout on Net 60, within the limit.
  await page.goto("/checkout");
  const main = page.getByRole("main");
  await expect(main.getByRole("button", { name: "Place Order - $25.98" })).toBeEnabled();
  await main.getByRole("radio", { name: "Net 60 Terms (Pay within 60 days) Approved" }).check();
  await expect(main.getByText("Credit Limit: $500.00", { exact: true })).toBeVisible();
  await expect(main.getByText("Available Credit: $500.00", { exact: true })).toBeVisible();
  await main.getByLabel("Phone").fill("5035550142");
  await expectNoAccessibilityViolations(page);
  await main.getByRole("button", { name: "Place Order - $25.98" }).click();
  await expect(page.getByText("Net 60 order placed successfully! Payment due within 60 days.")).toBeVisible();
  await expect(page).toHaveURL(/\/order-confirmation\/ORD/);
  await expect(page.getByText("Payment Due (Net 60)")).toBeVisible();
  const orderNumber = page.url().split("/").at(-1) ?? "";

  // The invoice, downloaded from the confirmation: a PDF with its number, terms, lines, total.
  const invoiceLink = page.getByRole("link", { name: /^Download Invoice INV-\d{6} \(PDF\)$/ });
  const invoiceNumber = /INV-\d{6}/.exec((await invoiceLink.textContent()) ?? "")?.[0] ?? "";
  const download = page.waitForEvent("download");
  await invoiceLink.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
  const { text } = await extractText(new Uint8Array(await readFile(await file.path())), { mergePages: true });
  for (const expected of [`Invoice Number: ${invoiceNumber}`, `Order Number: ${orderNumber}`, "Terms: Net 60"]) {
    expect(text).toContain(expected);
  }
  expect(text).toContain("Grinding Wheel 4.5 in");
  expect(text).toMatch(/Amount Due by \w+ \d{1,2}, \d{4} \$25\.98/);

  // The credit centre, from My Account: the invoice is current, and $25.98 of the $500 is used.
  await page.goto("/account");
  await page.getByRole("link", { name: "Credit & Invoices" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Credit Center" })).toBeVisible();
  await expect(page.getByText("Net 60", { exact: true })).toBeVisible();
  const invoices = page.getByRole("table", { name: "Open Invoices" });
  const invoiceRow = invoices.getByRole("row").filter({ hasText: invoiceNumber });
  await expect(invoiceRow).toContainText("Due in 60 days");
  await expect(invoiceRow).toContainText("$25.98");
  await expectNoAccessibilityViolations(page);
  for (const [figure, amount] of [
    ["Credit Limit", "$500.00"],
    ["Used Credit", "$25.98"],
    ["Available Credit", "$474.02"],
    ["Current", "$25.98"],
    ["1-30 days past due", "$0.00"],
  ] as const) {
    await expect(page.getByText(figure, { exact: true }).locator("xpath=following-sibling::dd[1]")).toHaveText(amount);
  }

  // The statement as CSV for the default period (the last 90 days) names the invoice.
  const csvDownload = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const csv = await readFile(await (await csvDownload).path(), "utf8");
  expect(csv).toContain(`Invoice,${invoiceNumber},${orderNumber}`);
  expect(csv).toMatch(/Closing balance,,,,25\.98,0\.00,25\.98/);

  // Another buyer asking for this invoice is told there is none.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  const stranger = await confirmedBuyer(other, "stranger");
  await signIn(other, stranger.email, stranger.password);
  await expect(other.getByText("Welcome back!")).toBeVisible();
  expect((await other.request.get(`/account/invoices/${invoiceNumber}.pdf`)).status()).toBe(404);
  expect((await page.request.get(`/account/invoices/${invoiceNumber}.pdf`)).status()).toBe(200);
  await otherContext.close();
});
