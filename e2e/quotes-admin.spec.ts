import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { asc, eq } from "drizzle-orm";
import { addDays, storeDay } from "../app/lib/dates";
import { admin, mailCatcherUrl, smtpPort } from "../playwright.config";
import { setDatabase } from "../server/db/client";
import { products, user } from "../server/db/schema";
import { requestedQuote } from "../test/quote-fixtures";
import { profileWithCompany } from "../test/store-fixtures";
import { type StoreProcess, storeProcess } from "../test/store-process";
import { expectNoAccessibilityViolations, uniqueEmail } from "./helpers";

// A store of its own, mailing to the run's mail catcher, with a request for quote written into its
// database as the buyer's request leaves it: five lines, one of them a part the catalogue does not list.
let store: StoreProcess;
const buyerEmail = uniqueEmail("quoted");
let parts: { id: string; partNumber: string; name: string }[] = [];
const part = (i: number) => {
  const found = parts[i];
  if (!found) throw new Error(`the catalogue has no part ${i + 1}`);
  return found;
};
let quoteNumber = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  store = await storeProcess({
    LOG_LEVEL: "warn",
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  });
  await store.start();
  await store.stop();
  const database = await store.openDatabase();
  try {
    parts = await database.db
      .select({ id: products.id, partNumber: products.partNumber, name: products.name })
      .from(products)
      .where(eq(products.status, "active"))
      .orderBy(asc(products.partNumber))
      .limit(5);
    await database.db
      .insert(user)
      .values({ id: "quoted-buyer", name: "Dana Reyes", email: buyerEmail, emailVerified: true });
    setDatabase(database);
    const { companyId } = await profileWithCompany("quoted-buyer", { companyName: "Reyes Fabrication" });
    const [a, b, c, d] = [part(0), part(1), part(2), part(3)];
    const quote = await requestedQuote({
      userId: "quoted-buyer",
      companyId,
      neededBy: addDays(storeDay(new Date()), 21),
      notes: "Deliver to dock 3, mornings only.",
      lines: [
        { productId: a.id, partNumber: a.partNumber, description: a.name, quantity: 10 },
        { productId: b.id, partNumber: b.partNumber, description: b.name, quantity: 20 },
        { productId: c.id, partNumber: c.partNumber, description: c.name, quantity: 5 },
        { partNumber: "ACME-77", description: "Left-handed thread gauge", quantity: 3 },
        { productId: d.id, partNumber: d.partNumber, description: d.name, quantity: 4 },
      ],
    });
    quoteNumber = quote.quoteNumber;
  } finally {
    setDatabase(undefined);
    await database.close();
  }
  await store.start();
});

test.afterAll(async () => {
  await store?.remove();
});

test("an admin prices a request for quote from the queue and the buyer is mailed the quote as a PDF", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const alternative = part(4).partNumber;
  await page.goto(`${store.base}/admin/login`);
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Login successful!")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByText("1 request for quote is waiting for prices.")).toBeVisible();

  // The queue, from the admin navigation, by keyboard.
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Quotes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Quotes" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: quoteNumber });
  await expect(row).toContainText("Reyes Fabrication");
  await expect(row).toContainText(buyerEmail);
  await expect(row.getByRole("cell").nth(3)).toHaveText("5");
  await expectNoAccessibilityViolations(page);
  await page.getByLabel("Sort").selectOption("value");
  await page.getByRole("button", { name: "Show Quotes" }).press("Enter");
  await expect(page).toHaveURL(/sort=value/);
  await row.getByRole("link", { name: quoteNumber }).focus();
  await page.keyboard.press("Enter");

  // The request, as the buyer wrote it.
  await expect(page.getByRole("heading", { level: 1, name: `Quote ${quoteNumber}` })).toBeVisible();
  await expect(page.getByText("Deliver to dock 3, mornings only.")).toBeVisible();
  await expect(page.getByRole("table", { name: "Requested lines" }).getByText("Not in the catalogue")).toBeVisible();
  await expectNoAccessibilityViolations(page);

  const line = (n: number) => page.getByRole("group", { name: new RegExp(`^Line ${n}:`) });
  await line(1).getByLabel("Unit price ($)").fill("4.25");
  await line(2).getByLabel("Quantity").fill("25");
  await line(2).getByLabel("Unit price ($)").fill("");
  await line(2).getByLabel("Unit price ($)").blur();
  await expect(line(2).getByText("Line 2: enter a unit price in dollars, e.g. 12.50")).toBeVisible();
  await expect(line(2).getByLabel("Unit price ($)")).toHaveAttribute("aria-invalid", "true");
  await line(2).getByLabel("Unit price ($)").fill("1.10");
  await line(3).getByLabel("Unit price ($)").fill("19.99");
  await line(4).getByLabel("Outcome").selectOption("Unavailable");
  await line(4).getByLabel("Note to the buyer").fill("We do not carry thread gauges.");
  await line(5).getByLabel("Outcome").selectOption("Alternative");
  await line(5).getByLabel("Alternative part number").fill("NO-SUCH-PART");
  await line(5).getByLabel("Unit price ($)").fill("7.00");
  await page.getByLabel("Valid until").fill(addDays(storeDay(new Date()), 14));
  await page.getByLabel("Message to the buyer").fill("Thank you for the request: prices hold for two weeks.");
  await page.getByRole("button", { name: "Send Quote" }).click();
  await expect(page.getByText("Line 5: there is no active part NO-SUCH-PART to offer instead.").first()).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await line(5).getByLabel("Alternative part number").fill(alternative);
  await page.getByRole("button", { name: "Send Quote" }).click();
  await expect(page.getByText(`Quote ${quoteNumber} version 1 sent`)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Versions Sent" })).toBeVisible();
  // 10 × 4.25 + 25 × 1.10 + 5 × 19.99 + 4 × 7.00 = 42.50 + 27.50 + 99.95 + 28.00
  await expect(page.getByText("Subtotal: $197.95")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send Quote" })).toHaveCount(0);
  await expectNoAccessibilityViolations(page);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download version 1 as PDF" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${quoteNumber}-v1.pdf`);
  expect(
    readFileSync((await file.path()) ?? "")
      .subarray(0, 5)
      .toString("latin1"),
  ).toBe("%PDF-");

  // The buyer's mail: a link to the quote in their account, and the quote as a PDF.
  let raw = "";
  await expect
    .poll(
      async () => {
        const response = await fetch(`${mailCatcherUrl}/messages?to=${encodeURIComponent(buyerEmail)}`);
        const { messages } = (await response.json()) as { messages: { raw: string }[] };
        raw = messages.at(-1)?.raw ?? "";
        return raw;
      },
      { message: `the quote mailed to ${buyerEmail}`, timeout: 20_000 },
    )
    .toContain(`Subject: Your quote ${quoteNumber} is ready`);
  const text = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  expect(text).toContain(`${store.base}/account/quotes/${quoteNumber}`);
  expect(text).toMatch(/Content-Type: application\/pdf/);
  expect(text).toContain(`${quoteNumber}-v1.pdf`);
});
