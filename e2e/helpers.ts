import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type Cookie, expect, type Locator, type Page } from "@playwright/test";
import { admin, mailCatcherUrl, smtpPort } from "../playwright.config";
import { storeProcess } from "../test/store-process";

// axe-core's minified build: its default source is the readable one, twice the size to parse on
// every page it checks.
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** Fails on any WCAG 2.x A/AA violation axe-core finds on the page as it is now. */
export async function expectNoAccessibilityViolations(page: Page) {
  await animationsSettled(page);
  // Legacy mode runs axe in the page itself. The default opens a blank page after every check to
  // gather the frames' results (the store's pages have no frames): with two workers on two cores,
  // a check took 4.7 s on average that way (a quarter of the browser stories' time), 2.1 s this way.
  // Only violations are read here: axe then lists no node for the checks that passed (a third of a
  // check's time, measured on four storefront pages).
  const results = await new AxeBuilder({ page, axeSource })
    .setLegacyMode()
    .options({ resultTypes: ["violations"] })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary, "accessibility violations").toEqual([]);
}

/**
 * Waits for the page's transitions to end: axe measures contrast from the colours as painted, and a
 * toast caught halfway through fading in (or out behind another) reads as faint text.
 */
async function animationsSettled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Fails when the page is wider than the screen, so that it would scroll sideways, naming what sticks
 * out. Measured against the layout viewport (the root element's width): a phone browser zooms out
 * to show a page that is too wide, so `window.innerWidth` grows with it and would hide the overflow.
 */
export async function expectFitsTheScreen(page: Page, what: string) {
  const { overflow, outside } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const sticksOut = (element: Element | null) => (element?.getBoundingClientRect().right ?? 0) > width + 0.5;
    return {
      overflow: document.documentElement.scrollWidth - width,
      outside: [...document.querySelectorAll("body *")]
        .filter((element) => sticksOut(element) && !sticksOut(element.parentElement))
        .map((element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}">`),
    };
  });
  expect(overflow, `${what} is ${overflow} px wider than the screen: ${outside.join(", ")}`).toBeLessThanOrEqual(0);
}

/**
 * Fails when any box on the page scrolls sideways (its content wider than itself), naming them:
 * on a phone, what a table holds is read without a sideways scroll.
 */
export async function expectNoSidewaysScroll(page: Page, what: string) {
  const scrolling = await page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((element) => /auto|scroll/.test(getComputedStyle(element).overflowX))
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .map((element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}">`),
  );
  expect(scrolling, `boxes of ${what} that scroll sideways`).toEqual([]);
}

/**
 * Collects console errors, CSP violations and the browser's warnings about the store's own
 * headers ("Error with Permissions-Policy header: …"), so a test can assert there were none.
 */
export function watchConsoleErrors(page: Page): () => string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    const text = message.text();
    if (message.type() === "error" || (message.type() === "warning" && / header/.test(text))) errors.push(text);
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return () => errors;
}

export const uniqueEmail = (name: string) =>
  `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** The newest link mailed to `email`, as the mail catcher (a real SMTP server) received it. */
export async function linkMailedTo(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${mailCatcherUrl}/messages?to=${encodeURIComponent(email)}`);
        link = ((await response.json()) as { link?: string }).link;
        return link;
      },
      { message: `a mail with a link to ${email}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link ?? "";
}

/** The subjects of every mail the mail catcher received for `email`. */
export async function subjectsMailedTo(email: string): Promise<string[]> {
  const response = await fetch(`${mailCatcherUrl}/messages?to=${encodeURIComponent(email)}`);
  const { messages } = (await response.json()) as { messages: { raw: string }[] };
  return messages.map((message) => message.raw.match(/^Subject: (.*)$/m)?.[1] ?? "");
}

export interface Buyer {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  company?: string;
}

/** The shipping address every story's buyer signs up with, by the form or by a post of it. */
const signUpAddress = { line1: "100 Main St", city: "Portland", state: "OR", zip: "97201" };

/** Fills in the sign-up form and sends it, by its button or (`pressEnter`) by Enter in the last field. */
export async function signUp(page: Page, buyer: Buyer, { pressEnter = false } = {}) {
  await page.goto("/auth");
  await fillSignUp(page, buyer, { pressEnter });
}

/** Fills in the sign-up form of the sign-in page already open (it may carry a page to return to) and sends it. */
export async function fillSignUp(page: Page, buyer: Buyer, { pressEnter = false } = {}) {
  await page.getByRole("tab", { name: "Create Account" }).click();
  const form = page.getByRole("tabpanel", { name: "Create Account" });
  await form.getByLabel("First Name").fill(buyer.firstName);
  await form.getByLabel("Last Name").fill(buyer.lastName);
  if (buyer.company) await form.getByLabel("Company").fill(buyer.company);
  await form.getByLabel("Email").fill(buyer.email);
  await form.getByLabel("Password").fill(buyer.password);
  await form.getByLabel("Address Line 1").fill(signUpAddress.line1);
  await form.getByLabel("City").fill(signUpAddress.city);
  await form.getByLabel("State").selectOption(signUpAddress.state);
  await form.getByLabel("ZIP").fill(signUpAddress.zip);
  if (pressEnter) await form.getByLabel("ZIP").press("Enter");
  else await form.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Account created!")).toBeVisible();
}

/** Signs in on the shared store, or on the store at `base` (one a spec started itself). */
export async function signIn(page: Page, email: string, password: string, base = "") {
  await page.goto(`${base}/auth`);
  const form = page.getByRole("tabpanel", { name: "Sign In" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
}

/** The store admin's session cookie, from the first sign-in in this worker. */
let adminSession: Cookie[] | undefined;

/**
 * Signs the shared store's admin in on this page's browser. The first story in a worker signs in
 * by the form; every later one is given that session's cookie and opens its page itself (a
 * sign-in is a page, a form and a redirect, and the admin's stories took 25 of them a run).
 * Signing in itself is what accounts.spec.ts tests.
 */
export async function signInAsAdmin(page: Page) {
  if (adminSession) return page.context().addCookies(adminSession);
  await signIn(page, admin.email, admin.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  adminSession = (await page.context().cookies()).filter((cookie) => cookie.name.endsWith("session_token"));
}

/**
 * A buyer who signed up and confirmed the e-mail, ready to sign in. The sign-up form is posted as
 * the browser would post it, from the page's own browser (its cookies, its store), but not drawn:
 * filling it is what accounts.spec.ts tests, and the stories' 46 buyers each took a page, nine
 * fields and a redirect to make.
 */
export async function confirmedBuyer(page: Page, name = "buyer", lastName = "Reyes"): Promise<Buyer> {
  const buyer = { email: uniqueEmail(name), password: "hunter22", firstName: "Dana", lastName };
  // The store refuses a form posted from another origin: this page's store is its own.
  const origin = new URL((await page.request.get("/healthz")).url()).origin;
  const answer = await page.request.post("/auth", {
    headers: { origin },
    form: {
      intent: "sign-up",
      firstName: buyer.firstName,
      lastName: buyer.lastName,
      email: buyer.email,
      password: buyer.password,
      "shipping.line1": signUpAddress.line1,
      "shipping.city": signUpAddress.city,
      "shipping.state": signUpAddress.state,
      "shipping.zip": signUpAddress.zip,
      sameAsShipping: "on",
    },
  });
  expect(answer.status(), `the sign-up of ${buyer.email}`).toBe(200);
  await page.goto(await linkMailedTo(buyer.email));
  return buyer;
}

/**
 * The store admin, in a browser of their own, searches the dashboard's customer accounts for `query`
 * (a last name no other story gives): their page, the rows that name it, and how to close it.
 */
export async function adminFindsCustomers(browser: Browser, query: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsAdmin(page);
  await page.goto("/admin");
  await page.getByPlaceholder("Search by name, company, or account number...").fill(query);
  // The search navigates as the admin types; the rows are read once the list is the searched one.
  await expect(page).toHaveURL(new RegExp(`q=${query}`));
  const rows = page.getByRole("table", { name: "Customer Accounts" }).getByRole("row").filter({ hasText: query });
  return { page, rows, close: () => context.close() };
}

/** The admin, in a browser of their own, approves Net 30 for the one customer account with this last name. */
export async function approveTerms(browser: Browser, lastName: string, creditLimit: string) {
  const { page, rows, close } = await adminFindsCustomers(browser, lastName);
  await rows.getByRole("button", { name: /Approve Net 30/ }).click();
  await page.getByRole("dialog", { name: "Approve Net 30 Terms" }).getByLabel("Credit Limit ($)").fill(creditLimit);
  await page.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(page.getByText("Net 30 terms approved successfully")).toBeVisible();
  await close();
}

/**
 * Presses the product editor's Save Product and waits for its "Product saved". An earlier save's
 * toast is let go first: on a fast machine it is still shown, and two at once are not this save's.
 */
export async function saveProduct(page: Page) {
  const saved = page.getByText("Product saved");
  await expect(saved).toBeHidden();
  await page.getByRole("button", { name: "Save Product" }).click();
  await expect(saved).toBeVisible();
}

/** Fills the checkout's card panel (the built-in test processor) and presses Pay. */
export async function payWithCard(page: Page, number: string) {
  const panel = page.getByRole("region", { name: "Payment Information" });
  await panel.getByLabel("Card number").fill(number);
  await panel.getByLabel("Expiration (MM/YY)").fill("12/34");
  await panel.getByLabel("CVC").fill("123");
  await panel.getByRole("button", { name: /^Pay \$/ }).click();
}

/** Checks the cart out by card (Oregon: no tax) and returns the confirmed order's number. */
export async function placeCardOrder(page: Page): Promise<string> {
  await page.goto("/checkout");
  const checkout = page.getByRole("main");
  await checkout.getByLabel("Phone").fill("5035550142");
  await checkout.getByRole("button", { name: /^Place Order - / }).click();
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/order-confirmation\/ORD\d{13}[A-Z0-9]{5}$/);
  return page.url().split("/").pop() ?? "";
}

/**
 * A store of the story's own beside the suite's, mailing to the suite's catcher: for a story that
 * writes its database while it is stopped (a day, or forty, to pass).
 */
export const spareStore = () =>
  storeProcess({ LOG_LEVEL: "warn", SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, SIGN_UPS_PER_ADDRESS: "1000" });

export const wheel = "Grinding Wheel 4.5 in"; // GW-45-001, $12.99

/** Adds the grinding wheel from its listing `count` times, waiting for the badge each time. */
export async function addWheels(page: Page, count: number, alreadyInCart = 0) {
  await page.goto("/category/abrasives/grinding-wheels");
  for (let added = 1; added <= count; added++) {
    await page.getByRole("button", { name: `Add to Cart: ${wheel}` }).click();
    await expect(page.getByTestId("cart-badge")).toHaveText(String(alreadyInCart + added));
  }
}

/** Opens the header's cart popover and returns it. */
export async function openCart(page: Page): Promise<Locator> {
  await page
    .getByRole("banner")
    .getByRole("button", { name: /^Shopping cart/ })
    .click();
  return page.getByRole("dialog", { name: "Shopping Cart" });
}

/** Fills the checkout's contact and shipping address for a buyer with no saved profile (Oregon: no sales tax). */
export async function fillCheckout(main: Locator, { company }: { company?: string } = {}) {
  await expect(main.getByRole("button", { name: /^Place Order/ })).toBeEnabled();
  await main.getByLabel("First Name").fill("Ada");
  await main.getByLabel("Last Name").fill("Operator");
  if (company) await main.getByLabel("Company").fill(company);
  await main.getByLabel("Phone").fill("5035550100");
  await main.getByLabel("Address Line 1", { exact: true }).fill("1 Dock St");
  await main.getByLabel("City", { exact: true }).fill("Portland");
  await main.getByLabel("State", { exact: true }).selectOption("OR");
  await main.getByLabel("ZIP", { exact: true }).fill("97201");
}

/** Waits until React has hydrated the page (the header's cart button is enabled only then), so clicks are client navigations. */
export async function waitForHydration(page: Page) {
  await expect(
    page
      .getByRole("banner")
      .getByRole("button", { name: /^Shopping cart/ })
      .first(),
  ).toBeEnabled();
}

/** Holds the page's requests that `url` matches until the returned function is called. */
export async function holdRequests(page: Page, url: Parameters<Page["route"]>[0]): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Waits until the listing's card prices read lowest first. The address changes as a navigation
 * commits; the new cards may render a moment later, so the prices are read until they settle.
 */
export async function expectPricesLowToHigh(page: Page) {
  const ascending = async () => {
    const prices = await page.getByRole("main").locator("li .text-lg").allTextContents();
    const cents = prices.map((price) => Math.round(Number(price.replace(/[$,]/g, "")) * 100));
    return cents.length > 0 && cents.every((value, i) => i === 0 || (cents[i - 1] ?? 0) <= value);
  };
  await expect.poll(ascending, { message: "card prices lowest first" }).toBe(true);
}
