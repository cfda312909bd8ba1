import { expect, type Page, test } from "@playwright/test";
import {
  expectNoAccessibilityViolations,
  expectPricesLowToHigh,
  holdRequests,
  waitForHydration,
  watchConsoleErrors,
} from "./helpers";

test("a visitor lands on the home page and sees the hero, the header and the footer", async ({ page }) => {
  const consoleErrors = watchConsoleErrors(page);
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByRole("main")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  const search = page.getByRole("search");
  await expect(search.getByPlaceholder("Search by part number, keyword, or SKU...")).toBeVisible();
  await expect(search.getByRole("button", { name: "Search" })).toBeVisible();
  await expect(page.getByText('Try: "OEM", "Product Type", or "Description"')).toBeVisible();
  await expect(page.getByRole("link", { name: "Create Account" })).toHaveAttribute("href", "/auth?tab=sign-up");
  await expect(page.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
  const cart = page.getByRole("button", { name: "Shopping cart" });
  await expect(cart).toBeVisible();
  await cart.click();
  await expect(page.getByRole("dialog", { name: "Shopping Cart" }).getByText("Your cart is empty")).toBeVisible();
  await page.keyboard.press("Escape");

  await expect(page.getByRole("link", { name: "Shop Products" })).toHaveAttribute("href", "/shop");
  await expect(page.getByRole("link", { name: "Request a Quote" })).toHaveAttribute("href", "/quotes/new");
  await expect(page.getByText("Free shipping on orders of $299 and above").first()).toBeVisible();
  await expect(page.getByText("CAGE 7XK42")).toBeVisible();

  await expectNoAccessibilityViolations(page);
  expect(consoleErrors()).toEqual([]);
});

test("the banner carousel moves on its own every 5 seconds and with its buttons", async ({ page }) => {
  await page.clock.install();
  await page.goto("/");
  const carousel = page.locator('[aria-roledescription="carousel"]');
  const slide = (n: number) => carousel.getByRole("group", { name: `${n} of 3` });
  await expect(slide(1)).toBeVisible();

  await page.clock.runFor(5_000);
  await expect(slide(2)).toBeVisible();
  await expect(slide(1)).toBeHidden();
  await page.clock.runFor(5_000);
  await expect(slide(3)).toBeVisible();
  await page.clock.runFor(5_000);
  await expect(slide(1)).toBeVisible();

  await carousel.getByRole("button", { name: "Next slide" }).click();
  await expect(slide(2)).toBeVisible();
  await carousel.getByRole("button", { name: "Previous slide" }).click();
  await carousel.getByRole("button", { name: "Previous slide" }).click();
  await expect(slide(3)).toBeVisible();
  await carousel.getByRole("button", { name: "Go to slide 2" }).click();
  await expect(slide(2)).toBeVisible();
});

test("the flap-disc promotion quotes the cheapest flap disc in the catalogue", async ({ page }) => {
  await page.goto("/category/abrasives/flap-discs?sort=price-asc");
  await expectPricesLowToHigh(page);
  const cheapest = (await page.getByRole("main").locator("li .text-lg").first().textContent())?.trim();
  expect(cheapest).toMatch(/^\$\d+\.\d{2}$/);

  await page.goto("/");
  const carousel = page.locator('[aria-roledescription="carousel"]');
  await carousel.getByRole("button", { name: "Go to slide 2" }).click();
  await expect(carousel.getByRole("heading", { name: `Flap Discs from ${cheapest}` })).toBeVisible();
});

test("the navigation menu reaches a category and a subcategory listing", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("button", { name: "Abrasives" }).click();
  await nav.getByRole("link", { name: "Grinding Wheels" }).click();
  await expect(page).toHaveURL("/category/abrasives/grinding-wheels");
  // Following a link closes its panel.
  await expect(nav.getByRole("button", { name: "Abrasives" })).toHaveAttribute("aria-expanded", "false");
  await expect(nav.getByRole("link", { name: "Grinding Wheels" })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Grinding Wheels" })).toBeVisible();
  const breadcrumb = page.getByRole("navigation", { name: "breadcrumb" });
  await expect(breadcrumb.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  await expect(breadcrumb.getByRole("link", { name: "Abrasives" })).toHaveAttribute("href", "/category/abrasives");
  await expect(page.getByText("Grinding Wheel 4.5 in")).toBeVisible();
  await expect(page.getByText("$12.99")).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await breadcrumb.getByRole("link", { name: "Abrasives" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Abrasives" })).toBeVisible();
  // The abrasives landing: six cards with the catalogue's own counts.
  for (const card of [
    "Sanding Belts",
    "Grinding Wheels",
    "Sandpaper Sheets",
    "Cutting Discs",
    "Flap Discs",
    "Wire Brushes",
  ]) {
    await expect(page.getByRole("link", { name: new RegExp(`^${card} [\\d,]+ parts`) })).toBeVisible();
  }
  await expect(page.getByText(/^[\d,]+ abrasive products$/)).toBeVisible();
});

test("the category menu opens one panel at a time and closes by keyboard, by a press outside and when focus leaves", async ({
  page,
}) => {
  await page.goto("/");
  await waitForHydration(page);
  const nav = page.getByRole("navigation", { name: "Main" });
  const abrasives = nav.getByRole("button", { name: "Abrasives" });
  const electrical = nav.getByRole("button", { name: "Electrical" });

  // By keyboard alone: Enter opens, Tab reaches the panel's links, Escape closes and returns focus.
  await abrasives.focus();
  await page.keyboard.press("Enter");
  await expect(abrasives).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: "Shop all Abrasives" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(abrasives).toHaveAttribute("aria-expanded", "false");
  await expect(abrasives).toBeFocused();
  await expect(nav.getByRole("link", { name: "Shop all Abrasives" })).toHaveCount(0);

  // Opening another closes the first.
  await abrasives.click();
  await electrical.click();
  await expect(electrical).toHaveAttribute("aria-expanded", "true");
  await expect(abrasives).toHaveAttribute("aria-expanded", "false");
  await expect(nav.getByRole("link", { name: "Cable Ties" })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // A press elsewhere on the page closes it, as does the same button pressed again.
  await page.getByRole("main").click({ position: { x: 5, y: 5 } });
  await expect(electrical).toHaveAttribute("aria-expanded", "false");
  await electrical.click();
  await electrical.click();
  await expect(electrical).toHaveAttribute("aria-expanded", "false");

  // Tabbing past the last panel's last link, out of the menu, closes it.
  const last = nav.getByRole("button").last();
  await last.focus();
  await page.keyboard.press("Enter");
  await expect(last).toHaveAttribute("aria-expanded", "true");
  const links = await nav.getByRole("link").count();
  for (let press = 0; press < links; press += 1) await page.keyboard.press("Tab");
  await expect(nav.getByRole("link").last()).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(last).toHaveAttribute("aria-expanded", "false");
});

test("the category menu follows the disclosure navigation pattern by keyboard: arrows, Home, End and Escape", async ({
  page,
}) => {
  await page.goto("/");
  await waitForHydration(page);
  const nav = page.getByRole("navigation", { name: "Main" });
  const buttons = nav.getByRole("button");
  const abrasives = nav.getByRole("button", { name: "Abrasives" });

  // Between the closed buttons: the arrows move to the next and previous, End and Home to the last and first.
  await buttons.first().focus();
  await page.keyboard.press("ArrowRight");
  await expect(buttons.nth(1)).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(buttons.first()).toBeFocused();
  await page.keyboard.press("End");
  await expect(buttons.last()).toBeFocused();
  await page.keyboard.press("Home");
  await expect(buttons.first()).toBeFocused();
  await expect(buttons.first()).toHaveAttribute("aria-expanded", "false");
  await abrasives.focus();

  // Space opens, ArrowDown moves into the panel, and the arrows, Home and End move between its links.
  await page.keyboard.press("Space");
  await expect(abrasives).toHaveAttribute("aria-expanded", "true");
  const panel = page.locator("#category-menu-abrasives");
  const links = panel.getByRole("link");
  await page.keyboard.press("ArrowDown");
  await expect(panel.getByRole("link", { name: "Shop all Abrasives" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(links.nth(1)).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(links.first()).toBeFocused();
  await page.keyboard.press("End");
  await expect(links.last()).toBeFocused();
  await page.keyboard.press("Home");
  await expect(links.first()).toBeFocused();
  await expectNoAccessibilityViolations(page);

  // Escape closes the panel and returns the focus to its button; Enter opens it again and closes it.
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Escape");
  await expect(abrasives).toHaveAttribute("aria-expanded", "false");
  await expect(abrasives).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(abrasives).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Enter");
  await expect(abrasives).toHaveAttribute("aria-expanded", "false");

  // A link reached by the arrows is followed with Enter.
  await page.keyboard.press("Enter");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  const target = await links.nth(1).getAttribute("href");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(target ?? "");
  await expect(panel).toBeHidden();
});

for (const path of ["/", "/category/abrasives/grinding-wheels", "/admin"]) {
  test(`the first Tab stop on ${path} is "Skip to content", shown when focused, and it moves to the page's content`, async ({
    page,
  }) => {
    await page.goto(path);
    await waitForHydration(page);
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).not.toBeInViewport();
    await page.keyboard.press("Tab");
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    const box = await skip.boundingBox();
    expect(box?.width).toBeGreaterThan(40);
    await expectNoAccessibilityViolations(page);

    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();
    // The content's top shows, not under the header (which is sticky on a wide screen).
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            (document.querySelector("main")?.getBoundingClientRect().top ?? 0) -
            (document.querySelector("header")?.getBoundingClientRect().bottom ?? 0),
        ),
      )
      .toBeGreaterThanOrEqual(0);
    // The next Tab stop is in the page's content, past the header.
    await page.keyboard.press("Tab");
    const inMain = await page.evaluate(() => document.querySelector("main")?.contains(document.activeElement));
    expect(inMain).toBe(true);
  });
}

test("/shop shows the nine category cards with their links and the help block", async ({ page }) => {
  await page.goto("/shop");
  const cards = page
    .getByRole("main")
    .getByRole("link")
    .filter({ has: page.locator("h2, h3") });
  const expected = [
    "/category/cutting-tools",
    "/category/hand-tools",
    "/category/abrasives",
    "/category/paint",
    "/category/chemicals",
    "/category/shop-supplies",
    "/category/tire-supplies",
    "/category/safety",
    "/category/electrical",
  ];
  await expect(cards).toHaveCount(9);
  const hrefs = await cards.evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  expect(hrefs).toEqual(expected);
  await expect(
    page.getByRole("link", { name: "Contact Support" }).or(page.getByRole("button", { name: "Contact Support" })),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Request Quote" })).toHaveAttribute("href", "/quotes/new");
  await expectNoAccessibilityViolations(page);

  await cards.filter({ hasText: "Hand Tools" }).click();
  await expect(page).toHaveURL("/category/hand-tools");
  await expect(page.getByRole("heading", { level: 1, name: "Hand Tools" })).toBeVisible();
});

test("an unknown path answers 404 with the not-found page", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL("/");
});

test("an unknown category answers 404", async ({ page }) => {
  const response = await page.goto("/category/not-a-category");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  expect((await page.goto("/category/abrasives/not-a-subcategory"))?.status()).toBe(404);
});

test("a listing filters to in-stock parts, sorts by price and rating, and loads more, all in the URL", async ({
  page,
}) => {
  await page.goto("/category/cutting-tools");
  const all = page.getByRole("link", { name: /^All Products \(\d+\)$/ });
  await expect(all).toHaveAttribute("aria-current", "true");
  const total = Number((await all.textContent())?.match(/\d+/)?.[0]);
  await expect(page.getByText(`Showing 24 of ${total}`)).toBeVisible();

  await page.getByRole("link", { name: "Load More Products" }).click();
  await expect(page).toHaveURL("/category/cutting-tools?page=2");
  await expect(page.getByText(`Showing ${Math.min(48, total)} of ${total}`)).toBeVisible();

  await page.getByRole("link", { name: "Price low to high" }).click();
  await expect(page).toHaveURL("/category/cutting-tools?sort=price-asc");
  await expectPricesLowToHigh(page);

  await page.getByRole("link", { name: "In Stock Only" }).click();
  await expect(page).toHaveURL("/category/cutting-tools?stock=in&sort=price-asc");
  await expect(page.getByRole("main").getByText("Out of Stock", { exact: true })).toHaveCount(0);
  await expectNoAccessibilityViolations(page);

  await page.goto("/category/cutting-tools?page=banana&sort=%27%3B--&stock=maybe");
  await expect(page.getByText(`Showing 24 of ${total}`)).toBeVisible();
});

test("a page paints before its JavaScript is fetched, then hydrates", async ({ page }) => {
  const consoleErrors = watchConsoleErrors(page);
  const response = await page.goto("/products/cut-off-wheel-4-5-x-045-in-cw-45-045");
  // The modules and their preloads arrive inert, so nothing is fetched or run before the paint.
  const html = (await response?.text()) ?? "";
  expect(html).not.toContain('rel="modulepreload"');
  expect(html).not.toMatch(/<script[^>]*type="module"/);

  // Then they run: the page hydrates (Add to Cart is enabled by JavaScript only) and works.
  const addToCart = page.getByRole("button", { name: "Add to Cart: Cut-Off Wheel 4.5 x .045 in" });
  await expect(addToCart).toBeEnabled();
  await addToCart.click();
  await expect(page.getByText("Cut-Off Wheel 4.5 x .045 in added to cart!")).toBeVisible();
  await expect(page.getByRole("button", { name: "Shopping cart, 1 item" })).toBeVisible();

  const timing = await page.evaluate(() => {
    const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
    const modules = performance.getEntriesByType("resource").filter((entry) => entry.name.endsWith(".js"));
    return { paint, modules: modules.length, firstModule: Math.min(...modules.map((entry) => entry.startTime)) };
  });
  expect(timing.modules).toBeGreaterThan(5);
  expect(timing.firstModule).toBeGreaterThan(timing.paint);
  expect(consoleErrors()).toEqual([]);
});

/** Holds the entry module back until the returned function is called, so the page hydrates after it. */
const holdHydration = (page: Page) => holdRequests(page, /\/assets\/entry\.client-[^/]+\.js$/);

test("a tab pressed before the page has hydrated opens once it has", async ({ page }) => {
  const pressed = await holdHydration(page);
  await page.goto("/products/cut-off-wheel-4-5-x-045-in-cw-45-045");
  await page.getByRole("tab", { name: "Documents" }).click();
  await expect(page.getByRole("tab", { name: "Documents" })).toHaveAttribute("aria-selected", "false");
  pressed();

  await expect(page.getByRole("tab", { name: "Documents" })).toHaveAttribute("aria-selected", "true");
  await expect(
    page.getByRole("tabpanel", { name: "Documents" }).getByRole("link", { name: "Download PDF" }),
  ).toHaveCount(1);
});

test("a menu button pressed before the page has hydrated opens its menu once it has", async ({ page }) => {
  const pressed = await holdHydration(page);
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("button", { name: "Abrasives" }).click();
  await expect(nav.getByRole("button", { name: "Abrasives" })).toHaveAttribute("aria-expanded", "false");
  pressed();

  await expect(nav.getByRole("button", { name: "Abrasives" })).toHaveAttribute("aria-expanded", "true");
  await nav.getByRole("link", { name: "Grinding Wheels" }).click();
  await expect(page).toHaveURL("/category/abrasives/grinding-wheels");
});

test("what a buyer types before the page has hydrated is kept, and suggestions follow", async ({ page }) => {
  let typed = await holdHydration(page);
  await page.goto("/search");
  const again = page.getByRole("combobox", { name: "Search again" });
  await again.pressSequentially("flap disc");
  typed();
  await waitForHydration(page);
  await again.pressSequentially(" 80");
  await expect(again).toHaveValue("flap disc 80");
  await expect(page.getByRole("listbox", { name: "Suggestions" }).getByRole("option").first()).toContainText(
    'Search for "flap disc 80"',
  );

  await page.unrouteAll();
  typed = await holdHydration(page);
  await page.goto("/shop");
  const header = page.getByRole("combobox", { name: "Search products" });
  await header.click();
  await header.pressSequentially("grinding wheel");
  typed();
  await expect(page.getByRole("listbox", { name: "Suggestions" })).toBeVisible();
  await expect(header).toHaveValue("grinding wheel");
  await expect(header).toBeFocused();
  await expect(page.getByRole("listbox", { name: "Suggestions" }).getByRole("option").first()).toContainText(
    'Search for "grinding wheel"',
  );
});
