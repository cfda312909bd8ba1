import { expect, type Page, test } from "@playwright/test";
import { expectNoAccessibilityViolations, signInAsAdmin, waitForHydration, wheel } from "./helpers";

const headerBox = (page: Page) => page.getByRole("search").getByRole("combobox", { name: "Search products" });

test("header suggestions: the query, a category and parts, chosen by keyboard and pointer", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const box = headerBox(page);
  await box.click();
  await box.pressSequentially("grinding wh", { delay: 40 });
  const list = page.getByRole("search").getByRole("listbox", { name: "Suggestions" });
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  const options = list.getByRole("option");
  await expect(options.first()).toHaveText('Search for "grinding wh"');
  await expect(list.getByRole("option", { name: /Grinding Wheels/ }).first()).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // Down to the category, then Escape closes the list and keeps the text.
  await box.press("ArrowDown");
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  await box.press("ArrowDown");
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", (await options.nth(1).getAttribute("id")) ?? "");
  await box.press("Escape");
  await expect(list).toBeHidden();
  await expect(box).toHaveValue("grinding wh");

  // The query itself searches.
  await box.press("ArrowDown");
  await box.press("Enter");
  await expect(page).toHaveURL("/search?q=grinding+wh");

  // A part by pointer.
  await page.goto("/");
  await waitForHydration(page);
  await headerBox(page).click();
  await headerBox(page).pressSequentially("gw-45-0", { delay: 40 });
  await page
    .getByRole("search")
    .getByRole("option", { name: new RegExp(wheel) })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: wheel })).toBeVisible();
});

test("a part-number prefix suggests its parts with their pictures, under the query within their category", async ({
  page,
}) => {
  await page.goto("/");
  await waitForHydration(page);
  const box = headerBox(page);
  await box.click();
  await box.pressSequentially("gw 45", { delay: 40 });
  const list = page.getByRole("search").getByRole("listbox", { name: "Suggestions" });
  const options = list.getByRole("option");
  await expect(options.first()).toHaveText('Search for "gw 45"');
  // The category row comes straight under the query, before any part; parts start GW-45, not the
  // GW-1000xx wheels that merely share the words 'gw' and '45'.
  const inAbrasives = list.getByRole("option", { name: 'Search for "gw 45" in Abrasives' });
  await expect(options.nth(1)).toHaveText('Search for "gw 45" in Abrasives');
  await expect(inAbrasives).toBeVisible();
  const parts = list.getByRole("option").filter({ has: page.locator("img") });
  await expect(parts.first()).toContainText(wheel);
  for (const text of await parts.allTextContents()) expect(text).toMatch(/GW-45-/);

  // Each part's picture: sized, lazy, decorative beside the name, and drawn.
  const picture = parts.first().locator("img");
  await expect(picture).toHaveAttribute("alt", "");
  await expect(picture).toHaveAttribute("loading", "lazy");
  await expect(picture).toHaveAttribute("width", /\d+/);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await picture.evaluate((img) => Math.round(img.getBoundingClientRect().width))).toBe(40);
  await expectNoAccessibilityViolations(page);

  // By keyboard: down to the category row, and Enter searches within it.
  await box.press("ArrowDown");
  await box.press("ArrowDown");
  await expect(inAbrasives).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", (await inAbrasives.getAttribute("id")) ?? "");
  await box.press("Enter");
  await expect(page).toHaveURL("/search?q=gw+45&category=abrasives");
  await expect(page.getByRole("link", { name: wheel })).toBeVisible();
});

test("an exact part number in the header still opens the product", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await headerBox(page).fill("gw 45 001");
  await headerBox(page).press("Enter");
  await expect(page).toHaveURL(/\/products\/grinding-wheel-4-5-in-gw-45-001$/);
});

test("a two-typo query and sizes written any way find the wheels, with 'Did you mean'", async ({ page }) => {
  await page.goto("/search?q=grindng%20whel");
  await expect(page.getByText("Showing results for")).toBeVisible();
  await expect(page.getByRole("link", { name: "grinding wheel", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: wheel })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  for (const query of ["4-1/2 grinding wheel", "115 mm grinding wheel", '4.5" grinding wheel']) {
    await page.goto(`/search?q=${encodeURIComponent(query)}`);
    await expect(page.getByRole("link", { name: wheel })).toBeVisible();
  }

  // 'Zirconia Alumina' is one part's abrasive; 'aluminum' is in many names: offered as a link.
  await page.goto("/search?q=alumina");
  await expect(page.getByText("Did you mean")).toBeVisible();
  await page.getByRole("link", { name: "aluminum", exact: true }).click();
  await expect(page).toHaveURL("/search?q=aluminum");
  await expect(page.getByRole("heading", { name: 'Results for "aluminum"' })).toBeVisible();
});

test("an OEM number opens our part and says what it replaces", async ({ page }) => {
  await page.goto("/search?q=dw-4514");
  await expect(page).toHaveURL(/\/products\/grinding-wheel-4-5-in-gw-45-001$/);
  await expect(page.getByText("Replaces DW4514")).toBeVisible();

  await page.goto("/");
  await waitForHydration(page);
  await headerBox(page).click();
  await headerBox(page).pressSequentially("DW4514", { delay: 40 });
  await expect(page.getByRole("search").getByRole("option", { name: /Replaces DW4514/ })).toBeVisible();
});

test("an admin adds, edits and deletes a synonym, and search follows at once", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/search-synonyms");
  await expect(page.getByRole("heading", { name: "Search Synonyms" })).toBeVisible();
  await expect(page.getByLabel("Synonyms of ss")).toHaveValue("ss, stainless steel, stainless");
  await expectNoAccessibilityViolations(page);

  await page.getByLabel("New synonym group").fill("only-one");
  await page.getByRole("button", { name: "Add Group" }).click();
  await expect(page.getByText("Enter at least two different phrases", { exact: false }).first()).toBeVisible();

  await page.getByLabel("New synonym group").fill("qzv, flap disc");
  await page.getByRole("button", { name: "Add Group" }).click();
  await expect(page.getByLabel("Synonyms of qzv")).toHaveValue("qzv, flap disc");
  await page.goto("/search?q=qzv");
  await expect(page.getByRole("link", { name: "Flap Disc 80 Grit 4.5 in" })).toBeVisible();

  await page.goto("/admin/search-synonyms");
  await page.getByLabel("Synonyms of qzv").fill("qzv, grinding wheel");
  await page.getByRole("button", { name: "Save qzv" }).click();
  await expect(page.getByText("Synonym group saved")).toBeVisible();
  // A results page stays fresh in the browser for 5 minutes (docs/product-rules.md): another spelling
  // of the query asks the server, whose caches the change has already cleared.
  await page.goto("/search?q=QZV");
  await expect(page.getByRole("link", { name: wheel })).toBeVisible();

  await page.goto("/admin/search-synonyms");
  await page.getByRole("button", { name: "Delete qzv" }).click();
  await expect(page.getByText("Synonym group deleted")).toBeVisible();
  await expect(page.getByLabel("Synonyms of qzv")).toHaveCount(0);
  await page.goto("/search?q=Qzv");
  await expect(page.getByText("No products found.", { exact: false })).toBeVisible();

  await page.goto("/admin/audit-log");
  await expect(page.getByRole("row", { name: /delete search synonyms .* phrases: qzv,grinding wheel/ })).toBeVisible();
});
