// Requests for quote, the buyer's side: a buyer asks for three catalogue parts and one line the
// store does not list, asks for a revision of the store's answer, accepts version 2 and pays at
// its prices; an expired quote cannot be accepted. The store's answers are written into the
// database (the back office's quoting screens are tested on their own): on a store of its own,
// stopped for the moment of writing, since only the store's process can open its PGlite.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { expect, type Page, test } from "@playwright/test";
import { waitUntilAnswering } from "../scripts/local-server.js";
import { addWheels, confirmedBuyer, expectNoAccessibilityViolations, openCart, payWithCard, signIn } from "./helpers";

const dataDir = mkdtempSync(path.join(tmpdir(), "store-e2e-quotes-"));
const smtpPort = Number(process.env.E2E_PORT ?? 3210) + 1;
let port = 0;
let base = "";
let store: ChildProcess | undefined;

test.describe.configure({ mode: "serial" });

/** A port the system has free now: the spare store's, so it never meets another spec's. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function startStore() {
  store = spawn(process.execPath, ["scripts/start.js"], {
    env: {
      PATH: process.env.PATH ?? "",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SIGN_UPS_PER_ADDRESS: "1000",
    },
    stdio: "ignore",
  });
  await waitUntilAnswering(`${base}/healthz`, { child: store });
}

async function stopStore() {
  const child = store;
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
}

/**
 * The store's answer: a new version of the quote, valid until `validUntil`, each request line (in
 * order) priced at `prices[i]` or unavailable (null); the quote moved to 'quoted'.
 */
async function answerQuote(
  quoteNumber: string,
  { validUntil, prices, message }: { validUntil: string; prices: (string | null)[]; message: string },
) {
  await stopStore();
  const db = new PGlite({ dataDir: path.join(dataDir, "pglite"), extensions: { pg_trgm } });
  try {
    await db.transaction(async (tx) => {
      const {
        rows: [quote],
      } = await tx.query<{ id: string; current_version: number; status: string }>(
        "select id, current_version, status from quotes where quote_number = $1",
        [quoteNumber],
      );
      if (!quote) throw new Error(`no quote ${quoteNumber}`);
      const { rows: lines } = await tx.query<{ id: string; product_id: string | null; quantity: number }>(
        "select id, product_id, quantity from quote_request_lines where quote_id = $1 order by position",
        [quote.id],
      );
      const version = quote.current_version + 1;
      const subtotal = lines.reduce((sum, line, i) => sum + Number(prices[i] ?? 0) * line.quantity, 0);
      const {
        rows: [row],
      } = await tx.query<{ id: string }>(
        "insert into quote_versions (quote_id, version, valid_until, message, subtotal_amount) values ($1, $2, $3, $4, $5) returning id",
        [quote.id, version, validUntil, message, subtotal.toFixed(2)],
      );
      for (const [i, line] of lines.entries()) {
        const price = prices[i] ?? null;
        await tx.query(
          `insert into quote_version_lines (version_id, request_line_id, outcome, product_id, product_name, product_sku, quantity, unit_price, total_price)
           select $1::uuid, $2::uuid, $3::text, p.id, p.name, p.part_number, $4::int, $5::numeric, $5::numeric * $4::int
           from (select 1) one left join products p on p.id = $6::uuid and $3::text <> 'unavailable'`,
          [row?.id, line.id, price === null ? "unavailable" : "priced", line.quantity, price, line.product_id],
        );
      }
      await tx.query("update quotes set status = 'quoted', current_version = $2 where id = $1", [quote.id, version]);
      await tx.query(
        "insert into quote_events (quote_id, from_status, to_status, comment) values ($1, $2, 'quoted', $3)",
        [quote.id, quote.status, `Version ${version}`],
      );
    });
  } finally {
    await db.close();
  }
  await startStore();
}

/** A calendar day `days` from today in the store's zone (New York), as YYYY-MM-DD. */
const storeDay = (days: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date(Date.now() + days * 86_400_000));

/** No part of the page is wider than a 375 px phone. */
async function fitsAPhone(page: Page) {
  await page.setViewportSize({ width: 375, height: 812 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${page.url()} scrolls sideways at 375 px`).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  await startStore();
});

test.afterAll(async () => {
  await stopStore();
  rmSync(dataDir, { recursive: true, force: true });
});

test("a buyer requests a quote, asks for a revision, accepts version 2 and pays at its prices", async ({ browser }) => {
  test.setTimeout(300_000);
  const page = await (await browser.newContext({ baseURL: base })).newPage();

  // A visitor asking for a quote is sent to sign in, and comes back to the request.
  await page.goto("/products/grinding-wheel-4-5-in-gw-45-001");
  await page.getByRole("link", { name: "Get Quote for Bulk Orders" }).click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fquotes%2Fnew%3Fproduct%3DGW-45-001/);

  const buyer = await confirmedBuyer(page, "quote-buyer", "Quoteson");
  await signIn(page, buyer.email, buyer.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();

  await page.goto("/");
  await page.getByRole("link", { name: "Request a Quote" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Request a Quote" })).toBeVisible();
  await page
    .getByLabel(/^Parts/)
    .fill("GW-45-001, 100\nFD-80-001, 50\nCW-45-045, 200\nBRK-10, 20, Stainless mounting bracket 10 mm");
  await page.getByLabel(/^Needed by/).fill(storeDay(20));
  await page.getByLabel(/^Notes/).fill("Deliver to dock 4, mornings only.");
  await expectNoAccessibilityViolations(page);
  await fitsAPhone(page);
  await page.getByRole("button", { name: "Send Request" }).click();

  await expect(page.getByText(/^Quote Q-\d{6} requested$/)).toBeVisible();
  const quoteNumber = (await page.getByRole("heading", { level: 1 }).textContent())?.replace("Quote ", "").trim() ?? "";
  expect(quoteNumber).toMatch(/^Q-\d{6}$/);
  await expect(page.getByText("Stainless mounting bracket 10 mm")).toBeVisible();
  await expect(page.getByText("We are preparing your prices")).toBeVisible();

  await page.goto("/account");
  await page.getByRole("link", { name: "Quotes", exact: true }).click();
  const row = page.getByRole("row").filter({ hasText: quoteNumber });
  await expect(row).toContainText("Requested");
  await expect(row).toContainText("4");
  await expect(row).toContainText("Awaiting prices");
  await expectNoAccessibilityViolations(page);
  await fitsAPhone(page);

  // Version 1: three parts priced, the bracket unavailable.
  await answerQuote(quoteNumber, {
    validUntil: storeDay(10),
    prices: ["11.00", "7.50", "2.10", null],
    message: "Our best prices for these quantities.",
  });
  await page.goto(`/account/quotes/${quoteNumber}`);
  await expect(page.getByText("Version 1 (current)")).toBeVisible();
  await expect(page.getByText("Our best prices for these quantities.")).toBeVisible();
  await expect(page.getByText("Unavailable")).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await fitsAPhone(page);
  await page.getByLabel("What should change?").fill("Can you do better on the grinding wheels?");
  await page.getByRole("button", { name: "Ask for a Revision" }).click();
  await expect(page.getByText("Revision requested")).toBeVisible();
  await expect(page.getByText("“Can you do better on the grinding wheels?”")).toBeVisible();

  // Version 2: the wheels cheaper; version 1 stays readable.
  await answerQuote(quoteNumber, {
    validUntil: storeDay(10),
    prices: ["10.00", "7.50", "2.10", null],
    message: "Revised: wheels at $10.00.",
  });
  await page.goto(`/account/quotes/${quoteNumber}`);
  await expect(page.getByText("Version 2 (current)")).toBeVisible();
  await expect(page.getByText("Version 1", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Accept Quote" }).click();

  // The checkout at the quoted prices: 100 × $10.00 + 50 × $7.50 + 200 × $2.10 = $1,795.00 (Oregon: no tax).
  await expect(page.getByText("Quote accepted")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/checkout\\?quote=${quoteNumber}`));
  const main = page.getByRole("main");
  await expect(main.getByText(`Quote ${quoteNumber} at its quoted prices.`)).toBeVisible();
  await main.getByLabel("Phone").fill("5035550142");
  await expectNoAccessibilityViolations(page);
  await main.getByRole("button", { name: "Place Order - $1,795.00" }).click();
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page.getByText("Payment successful!")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();

  await page.goto(`/account/quotes/${quoteNumber}`);
  await expect(page.getByText("Ordered", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Accept Quote" })).toHaveCount(0);
});

test("an expired quote cannot be accepted", async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await (await browser.newContext({ baseURL: base })).newPage();
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
  await expect(page.getByText(/^Quote Q-\d{6} requested$/)).toBeVisible();
  const quoteNumber = (await page.getByRole("heading", { level: 1 }).textContent())?.replace("Quote ", "").trim() ?? "";

  await answerQuote(quoteNumber, { validUntil: storeDay(-1), prices: ["6.00"], message: "Valid until yesterday." });
  await page.goto(`/account/quotes/${quoteNumber}`);
  // The store's hourly expiry moved it to 'expired' as it started again; either way it cannot be accepted.
  await expect(page.getByText(/has expired: it can no longer be accepted/)).toBeVisible();
  await expect(page.getByText("Expired", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Accept Quote" })).toHaveCount(0);
  await expectNoAccessibilityViolations(page);
  // Nor can it be checked out by its address.
  await page.goto(`/checkout?quote=${quoteNumber}`);
  await expect(page).toHaveURL(`${base}/account/quotes/${quoteNumber}`);
  await expect(
    page.getByText(/This quote was valid until .* and has expired\. Ask us for a new quote\./),
  ).toBeVisible();
});
