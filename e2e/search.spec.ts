import { expect, test } from "@playwright/test";
import { expectNoAccessibilityViolations, expectPricesLowToHigh } from "./helpers";

test("a buyer searches from the header: a part number opens its product, words and typos find products", async ({
  page,
}) => {
  await page.goto("/");
  const search = page.getByRole("search").getByRole("combobox", { name: "Search products" });
  await search.fill("gw 45 001");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/products\/grinding-wheel-4-5-in-gw-45-001$/);

  await page.goto("/search?q=cw-45-045");
  await expect(page).toHaveURL(/\/products\/cut-off-wheel-4-5-x-045-in-cw-45-045$/);

  await page.goto("/search?q=grinding%20wheel");
  await expect(page.getByRole("heading", { name: 'Results for "grinding wheel"' })).toBeVisible();
  await expect(page.getByRole("link", { name: "Grinding Wheel 4.5 in" })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await page.goto("/search?q=grindng%20wheel"); // one typo
  await expect(page.getByRole("link", { name: "Grinding Wheel 4.5 in" })).toBeVisible();

  await page.goto("/search?q=DW8062"); // an OEM cross-reference one part replaces opens it
  await expect(page).toHaveURL(/\/products\/cut-off-wheel-4-5-x-045-in-cw-45-045$/);
});

for (const [when, suggestionsCodeDelay] of [
  ["once the suggestions' code is in", 0],
  ["before the suggestions' code came (a slow network)", 1_000],
] as const)
  test(`a search sent ${when} and before its suggestions is not covered by them on the results page`, async ({
    page,
  }) => {
    await page.route(/\/assets\/search-suggest-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, suggestionsCodeDelay));
      await route.continue();
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const box = page.getByRole("search").getByRole("combobox", { name: "Search products" });
    await box.focus();
    // The plain box gives way to the suggestions' own (its list's id is theirs).
    if (!suggestionsCodeDelay) await expect(box).not.toHaveAttribute("aria-controls", "site-search-list");
    // Sent at once: the suggestions for what was typed are not asked for yet.
    await page.keyboard.type("grindng wheel");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: 'Results for "grindng wheel"' })).toBeVisible();
    await expect(page.getByText("Showing results for grinding wheel.")).toBeVisible();
    // Longer than the code's delay, the suggestions' wait and their answer: they would be open by now.
    await page.waitForTimeout(suggestionsCodeDelay + 1_500);
    await expect(page.getByRole("listbox", { name: "Suggestions" })).toHaveCount(0);
    await expect(box).toHaveAttribute("aria-expanded", "false");
  });

test("nothing found, and hostile queries, give the normal page", async ({ page }) => {
  const hostile = `' or 1=1; drop table products; -- <script>alert(1)</script> ${"x".repeat(500)}`;
  const response = await page.goto(`/search?q=${encodeURIComponent(hostile)}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByText("No products found.", { exact: false })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  expect((await page.goto("/search?q=wheel&page=-3&sort=%27--&stock=all&category="))?.status()).toBe(200);
  await page.goto("/category/abrasives/grinding-wheels");
  await expect(page.getByRole("link", { name: "Grinding Wheel 4.5 in" })).toBeVisible();
});

test("results narrow by category, brand and stock, sort by price, and load more, all in the URL", async ({ page }) => {
  await page.goto("/search?q=disc");
  const shown = page.getByText(/^Showing \d+ of [\d,]+ products$/);
  await expect(shown).toHaveText(/^Showing 24 of /);
  const filters = page.getByRole("navigation", { name: "Filter and sort results" });

  await filters.getByRole("link", { name: /^Abrasives \(\d+\)$/ }).click();
  await expect(page).toHaveURL("/search?q=disc&category=abrasives");
  const brand = filters.getByRole("link", { name: /^Ironridge \(\d+\)$/ });
  // The brand counts are read once the page shows the abrasives facets, not the previous page's.
  await expect(brand).toHaveAttribute("href", "/search?q=disc&category=abrasives&brand=Ironridge");
  const brandCount = Number((await brand.textContent())?.match(/\((\d+)\)/)?.[1]);
  await brand.click();
  await expect(page).toHaveURL("/search?q=disc&category=abrasives&brand=Ironridge");
  await expect(page.getByText(new RegExp(`^Showing \\d+ of ${brandCount} products?$`))).toBeVisible();

  await filters.getByRole("link", { name: "In Stock Only" }).click();
  await expect(page).toHaveURL("/search?q=disc&category=abrasives&brand=Ironridge&stock=in");
  await expect(page.getByRole("main").getByText("Out of Stock", { exact: true })).toHaveCount(0);

  await filters.getByRole("link", { name: "Price low to high" }).click();
  await expect(page).toHaveURL("/search?q=disc&category=abrasives&brand=Ironridge&stock=in&sort=price-asc");
  await expectPricesLowToHigh(page);
  await expectNoAccessibilityViolations(page);

  await page.goto("/search?q=disc&sort=price-asc");
  await page.getByRole("link", { name: "Load More Products" }).click();
  await expect(page).toHaveURL("/search?q=disc&sort=price-asc&page=2");
  await expect(page.getByText(/^Showing 48 of /)).toBeVisible();
});

test("suggestions appear as the buyer types and are chosen by keyboard", async ({ page }) => {
  await page.goto("/search");
  const box = page.getByRole("combobox", { name: "Search again" });
  await box.pressSequentially("flap disc 80", { delay: 30 });
  const list = page.getByRole("listbox", { name: "Suggestions" });
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  const first = list.getByRole("option").first();
  await expect(first).toContainText(/Flap Disc/i);
  await expectNoAccessibilityViolations(page);

  await box.press("ArrowDown");
  await expect(first).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id")) ?? "");
  await box.press("Escape");
  await expect(list).toBeHidden();
  await expect(box).toHaveValue("flap disc 80");

  await box.press("ArrowDown");
  const name = (await first.locator("span span").first().textContent()) ?? "";
  await box.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  const suggest = await page.request.get("/api/search/suggest?q=gw-45");
  expect((await suggest.json()).suggestions[0]).toMatchObject({ partNumber: "GW-45-001", price: "12.99" });
});
