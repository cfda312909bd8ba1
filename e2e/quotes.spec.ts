// Requests for quote, both sides through their own screens: a buyer asks for three catalogue parts
// and one line the store does not list, the admin (in a browser of their own) prices it from the
// queue and sends it, the buyer asks for a revision, the admin sends version 2, the buyer accepts it
// and pays at its prices. An expired quote cannot be accepted: that one needs a day to pass, so it
// runs on a store of its own, whose answer is sent (by the back office's code) as of yesterday.
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { eq } from "drizzle-orm";
import { addDays, storeDay } from "../domain/dates/dates";
import { admin, mailCatcherUrl } from "../playwright.config";
import { quotes } from "../server/db/schema";
import { answerQuote } from "../test/quote-fixtures";

import {
  addWheels,
  confirmedBuyer,
  expectNoAccessibilityViolations,
  openCart,
  payWithCard,
  signIn,
  spareStore,
} from "./helpers";

const today = () => storeDay(new Date());

/** No part of the page is wider than a 375 px phone. */
async function fitsAPhone(page: Page) {
  await page.setViewportSize({ width: 375, height: 812 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${page.url()} scrolls sideways at 375 px`).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The quote's number from the heading of its page ("Quote Q-000123"). */
async function quoteNumberOf(page: Page) {
  await expect(page.getByText(/^Quote Q-\d{6} requested$/)).toBeVisible();
  const heading = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
  const number = heading.replace("Quote ", "").trim();
  expect(number).toMatch(/^Q-\d{6}$/);
  return number;
}

/** The raw mail last sent to `email` with this subject, once it has arrived. */
async function mailTo(email: string, subject: string) {
  let raw = "";
  await expect
    .poll(
      async () => {
        const response = await fetch(`${mailCatcherUrl}/messages?to=${encodeURIComponent(email)}`);
        const { messages } = (await response.json()) as { messages: { raw: string }[] };
        raw = messages.findLast((message) => message.raw.includes(`Subject: ${subject}`))?.raw ?? "";
        return raw;
      },
      { message: `"${subject}" mailed to ${email}`, timeout: 20_000 },
    )
    .not.toBe("");
  return raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
}

test("a buyer requests a quote, the admin quotes it twice, the buyer accepts version 2 and pays at its prices", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const page = await (await browser.newContext({ baseURL })).newPage();
  const desk = await (await browser.newContext({ baseURL })).newPage();

  // A visitor asking for a quote is sent to sign in, and comes back to the request.
  await page.goto("/products/grinding-wheel-4-5-in-gw-45-001");
  await page.getByRole("link", { name: "Get Quote for Bulk Orders" }).click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fquotes%2Fnew%3Fproduct%3DGW-45-001/);
  const buyer = await confirmedBuyer(page, "quote-buyer", "Quoteson");
  await signIn(page, buyer.email, buyer.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();

  // The request, pasted, filled and sent by keyboard alone.
  await page.goto("/");
  await page.getByRole("link", { name: "Request a Quote" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Request a Quote" })).toBeVisible();
  await page.getByLabel(/^Parts/).focus();
  await page.keyboard.insertText(
    "GW-45-001, 100\nFD-80-001, 50\nCW-45-045, 200\nBRK-10, 20, Stainless mounting bracket 10 mm",
  );
  await page.getByLabel(/^Needed by/).fill(addDays(today(), 20));
  await page.getByLabel(/^Notes/).focus();
  await page.keyboard.insertText("Deliver to dock 4, mornings only.");
  await expectNoAccessibilityViolations(page);
  await fitsAPhone(page);
  await page.getByRole("button", { name: "Send Request" }).focus();
  await page.keyboard.press("Enter");
  const quoteNumber = await quoteNumberOf(page);
  await expect(page.getByText("Stainless mounting bracket 10 mm")).toBeVisible();
  await expect(page.getByText("We are preparing your prices")).toBeVisible();

  await page.goto("/account");
  await page.getByRole("link", { name: "Quotes", exact: true }).click();
  const row = page.getByRole("row").filter({ hasText: quoteNumber });
  await expect(row).toContainText("Requested");
  await expect(row).toContainText("Awaiting prices");
  await expectNoAccessibilityViolations(page);
  await fitsAPhone(page);

  // The admin finds it in the queue, from the back office's navigation.
  await desk.goto("/admin/login");
  await desk.getByLabel("Email").fill(admin.email);
  await desk.getByLabel("Password").fill(admin.password);
  await desk.getByRole("button", { name: "Sign In" }).click();
  await expect(desk.getByText("Login successful!")).toBeVisible();
  await expect(desk.getByText(/requests? for quote (is|are) waiting for prices\./)).toBeVisible();
  await desk.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Quotes" }).click();
  await expect(desk.getByRole("heading", { level: 1, name: "Quotes" })).toBeVisible();
  const queued = desk.getByRole("row").filter({ hasText: quoteNumber });
  await expect(queued).toContainText(buyer.email);
  await expect(queued.getByRole("cell").nth(3)).toHaveText("4");
  await expectNoAccessibilityViolations(desk);
  await fitsAPhone(desk);
  await desk.getByLabel("Sort").selectOption("value");
  await desk.getByRole("button", { name: "Show Quotes" }).press("Enter");
  await expect(desk).toHaveURL(/sort=value/);
  await queued.getByRole("link", { name: quoteNumber }).focus();
  await desk.keyboard.press("Enter");

  // Version 1: the three parts priced, the bracket answered with another part.
  await expect(desk.getByRole("heading", { level: 1, name: `Quote ${quoteNumber}` })).toBeVisible();
  await expect(desk.getByText("Deliver to dock 4, mornings only.")).toBeVisible();
  await expect(desk.getByRole("table", { name: "Requested lines" }).getByText("Not in the catalogue")).toBeVisible();
  const line = (n: number) => desk.getByRole("group", { name: new RegExp(`^Line ${n}:`) });
  await line(1).getByLabel("Unit price ($)").fill("11.00");
  await line(2).getByLabel("Unit price ($)").fill("");
  await line(2).getByLabel("Unit price ($)").blur();
  await expect(line(2).getByText("Line 2: enter a unit price in dollars, e.g. 12.50")).toBeVisible();
  await expect(line(2).getByLabel("Unit price ($)")).toHaveAttribute("aria-invalid", "true");
  await line(2).getByLabel("Unit price ($)").fill("7.50");
  await line(3).getByLabel("Unit price ($)").fill("2.10");
  await line(4).getByLabel("Outcome").selectOption("Alternative");
  await line(4).getByLabel("Alternative part number").fill("NO-SUCH-PART");
  await line(4).getByLabel("Unit price ($)").fill("3.00");
  await desk.getByLabel("Valid until").fill(addDays(today(), 10));
  await desk.getByLabel("Message to the buyer").fill("Our best prices for these quantities.");
  await expectNoAccessibilityViolations(desk);
  await fitsAPhone(desk);
  await desk.getByRole("button", { name: "Send Quote" }).click();
  await expect(desk.getByText("Line 4: there is no active part NO-SUCH-PART to offer instead.").first()).toBeVisible();
  await line(4).getByLabel("Alternative part number").fill("FD-80-001");
  await desk.getByRole("button", { name: "Send Quote" }).click();
  await expect(desk.getByText(`Quote ${quoteNumber} version 1 sent`)).toBeVisible();
  // 100 × 11.00 + 50 × 7.50 + 200 × 2.10 + 20 × 3.00
  await expect(desk.getByText("Subtotal: $1,955.00")).toBeVisible();
  await expect(desk.getByRole("button", { name: "Send Quote" })).toHaveCount(0);

  // The buyer's mail: a link to the quote in their account, and the quote as a PDF.
  const mail = await mailTo(buyer.email, `Your quote ${quoteNumber} is ready`);
  expect(mail).toContain(`${baseURL}/account/quotes/${quoteNumber}`);
  expect(mail).toMatch(/Content-Type: application\/pdf/);
  expect(mail).toContain(`${quoteNumber}-v1.pdf`);

  await page.goto(`/account/quotes/${quoteNumber}`);
  await expect(page.getByText("Version 1 (current)")).toBeVisible();
  await expect(page.getByText("Our best prices for these quantities.")).toBeVisible();
  await expect(page.getByText("Alternative:")).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await fitsAPhone(page);
  await page.getByLabel("What should change?").fill("Better on the grinding wheels? And we need the bracket itself.");
  await page.getByRole("button", { name: "Ask for a Revision" }).click();
  await expect(page.getByText("Revision requested")).toBeVisible();

  // Version 2: the admin reads the comment; the wheels cheaper, the bracket unavailable.
  await desk.reload();
  await expect(
    desk
      .getByRole("region", { name: "Revisions the buyer asked for" })
      .getByText("Better on the grinding wheels? And we need the bracket itself."),
  ).toBeVisible();
  await expect(line(2).getByLabel("Unit price ($)")).toHaveValue("7.50");
  await line(1).getByLabel("Unit price ($)").fill("10.00");
  await line(4).getByLabel("Outcome").selectOption("Unavailable");
  await line(4).getByLabel("Note to the buyer").fill("We do not carry brackets.");
  await desk.getByLabel("Message to the buyer").fill("Revised: wheels at $10.00.");
  await desk.getByRole("button", { name: "Send Quote" }).click();
  await expect(desk.getByText(`Quote ${quoteNumber} version 2 sent`)).toBeVisible();
  await expect(desk.getByText("Subtotal: $1,795.00")).toBeVisible();

  // The buyer reads both versions, downloads version 1's PDF, and accepts version 2 by keyboard.
  await page.goto(`/account/quotes/${quoteNumber}`);
  await expect(page.getByText("Version 2 (current)")).toBeVisible();
  await expect(page.getByText("Version 1", { exact: true })).toBeVisible();
  await expect(page.getByText("We do not carry brackets.")).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await fitsAPhone(page);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download version 1 as PDF" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${quoteNumber}-v1.pdf`);
  expect(
    readFileSync((await file.path()) ?? "")
      .subarray(0, 5)
      .toString("latin1"),
  ).toBe("%PDF-");
  await page.getByRole("button", { name: "Accept Quote" }).focus();
  await page.keyboard.press("Enter");

  // The checkout at the quoted prices: 100 × $10.00 + 50 × $7.50 + 200 × $2.10 = $1,795.00 (Oregon: no tax).
  await expect(page.getByText("Quote accepted")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/checkout\\?quote=${quoteNumber}`));
  const main = page.getByRole("main");
  await expect(main.getByText(`Quote ${quoteNumber} at its quoted prices.`)).toBeVisible();
  await main.getByLabel("Phone").fill("5035550142");
  await expectNoAccessibilityViolations(page);
  await fitsAPhone(page);
  await main.getByRole("button", { name: "Place Order - $1,795.00" }).click();
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  await expect(page.getByText("Payment successful!")).toBeVisible();
  const items = page.getByRole("listitem").filter({ hasText: "SKU: " });
  await expect(items).toHaveCount(3);
  for (const [sku, quantity, unit, total] of [
    ["GW-45-001", "100", "$10.00", "$1,000.00"],
    ["FD-80-001", "50", "$7.50", "$375.00"],
    ["CW-45-045", "200", "$2.10", "$420.00"],
  ] as const) {
    const item = items.filter({ hasText: `SKU: ${sku}` });
    await expect(item).toContainText(`${quantity} × ${unit}`);
    await expect(item).toContainText(total);
  }
  // The order's total, in its details and under its lines: no tax to Oregon, free shipping.
  await expect(page.locator("dt", { hasText: /^Total$/ }).locator("xpath=following-sibling::dd")).toHaveText([
    "$1,795.00",
    "$1,795.00",
  ]);

  await page.goto(`/account/quotes/${quoteNumber}`);
  await expect(page.getByText("Ordered", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Accept Quote" })).toHaveCount(0);
});

test("an expired quote cannot be accepted", async ({ browser }) => {
  test.setTimeout(180_000);
  const store = await spareStore();
  try {
    await store.start();
    const context = await browser.newContext({ baseURL: store.base });
    const page = await context.newPage();
    const buyer = await confirmedBuyer(page, "expired-quote", "Lapsed");
    await signIn(page, buyer.email, buyer.password);
    await expect(page.getByText("Welcome back!")).toBeVisible();
    // From the cart: its lines are shown on the request, and the cart is left as it is.
    await addWheels(page, 1);
    const cart = await openCart(page);
    await cart.getByRole("link", { name: "Request a quote" }).click();
    await expect(page.getByRole("tab", { name: "From cart" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("list", { name: "Parts in your cart" })).toContainText("Grinding Wheel 4.5 in");
    await expectNoAccessibilityViolations(page);

    await page.goto("/quotes/new?product=FD-80-001&qty=40");
    await expect(page.getByLabel("Part number")).toHaveValue("FD-80-001");
    await expect(page.getByLabel("Quantity")).toHaveValue("40");
    await page.getByRole("button", { name: "Send Request" }).click();
    const quoteNumber = await quoteNumberOf(page);

    // The store's answer, valid until yesterday: sent as of that day, with the store stopped,
    // since only the store's process can open its embedded database.
    await store.writeWhileStopped(async (database) => {
      await answerQuote(quoteNumber, {
        validUntil: addDays(today(), -1),
        lines: [{ outcome: "priced", unitPrice: "6.00" }],
      });
      const [quote] = await database.db.select().from(quotes).where(eq(quotes.quoteNumber, quoteNumber));
      expect(quote?.status).toBe("quoted");
    });

    await page.goto(`${store.base}/account/quotes/${quoteNumber}`);
    // The store's hourly expiry moved it to 'expired' as it started again; either way it cannot be accepted.
    await expect(page.getByText(/has expired: it can no longer be accepted/)).toBeVisible();
    await expect(page.getByText("Expired", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Accept Quote" })).toHaveCount(0);
    await expectNoAccessibilityViolations(page);
    // Nor can it be checked out by its address.
    await page.goto(`${store.base}/checkout?quote=${quoteNumber}`);
    await expect(page).toHaveURL(`${store.base}/account/quotes/${quoteNumber}`);
    await expect(
      page.getByText(/This quote was valid until .* and has expired\. Ask us for a new quote\./),
    ).toBeVisible();
    await context.close();
  } finally {
    await store.remove();
  }
});
