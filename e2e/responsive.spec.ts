import { expect, type Page, test } from "@playwright/test";
import { admin } from "../playwright.config";
import {
  addWheels,
  confirmedBuyer,
  expectNoAccessibilityViolations,
  openCart,
  signIn,
  waitForHydration,
} from "./helpers";

// The narrowest phone the store is built for (an iPhone SE or mini), narrower than the project's Pixel 7.
test.use({ viewport: { width: 375, height: 812 } });

/**
 * Fails when the page is wider than the screen, so that it would scroll sideways, naming what sticks
 * out. Measured against the layout viewport (the root element's width): a phone browser zooms out
 * to show a page that is too wide, so `window.innerWidth` grows with it and would hide the overflow.
 */
async function expectFitsTheScreen(page: Page, what: string) {
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
  await signIn(page, admin.email, admin.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await waitForHydration(page);
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
