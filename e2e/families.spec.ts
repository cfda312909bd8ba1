import { expect, type Page, test } from "@playwright/test";
import {
  expectFitsTheScreen,
  expectNoAccessibilityViolations,
  expectNoSidewaysScroll,
  waitForHydration,
  wheel,
} from "./helpers";

// GW-45-001 (4-1/2 x 1/4 in) is in the seeded family of Type 27, 24 grit aluminum-oxide wheels on a
// 7/8 in arbor: 4 x 1/8, 5 x 1/8, 5 x 1/4, 6 x 1/4 and 7 x 1/8 in besides (docs/decisions/part-families.md).
const family = "Grinding Wheels: Arbor 7/8 in, Type 27, Grit 24, Abrasive Aluminum Oxide";

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test("a buyer moves through a wheel's sizes by keyboard, compares two and buys both, on a desk and on a phone", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/products/grinding-wheel-4-5-in-gw-45-001");
  await waitForHydration(page);
  const sizes = page.getByRole("region", { name: family });
  await expect(sizes).toContainText("6 sizes, each with its own part number, price and stock.");
  const diameters = page.getByRole("group", { name: "Diameter" });
  await expect(diameters.getByRole("link")).toHaveText([
    "4 in, Thickness 1/8 in",
    "4-1/2 in",
    "5 in",
    "6 in",
    "7 in, Thickness 1/8 in",
  ]);
  await expect(diameters.locator("[aria-current=page]")).toHaveText("4-1/2 in");
  await expectNoAccessibilityViolations(page);
  await screenshot(page, "family-1366");

  // Tab from the size shown to the next, Enter: that size's own page, part number and price.
  await diameters.getByRole("link", { name: "4-1/2 in" }).focus();
  for (const { size, part, price } of [
    { size: "5 in", part: "GW-100030", price: "$24.69" },
    { size: "6 in", part: "GW-100186", price: "$13.99" },
  ]) {
    await page.keyboard.press("Tab");
    await expect(diameters.getByRole("link", { name: size, exact: true })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/products/grinding-wheel-type-27-[a-z0-9-]+-${part.toLowerCase()}$`));
    await expect(page.getByText(`Part #: ${part}`)).toBeVisible();
    await expect(page.getByRole("main").getByText(price).first()).toBeVisible();
    await expect(diameters.locator("[aria-current=page]")).toHaveText(size);
  }

  // A listing that groups sizes shows the family once, with its range.
  await page.goto("/category/abrasives/grinding-wheels?group=families");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: family }) });
  await expect(card).toContainText("4 to 7 in × 1/8 to 1/4 in, 6 sizes");
  await expect(page.getByRole("link", { name: "Group sizes" })).toHaveAttribute("aria-current", "true");

  // Two sizes compared: each bought with its own quantity; the rows where they agree hidden by keyboard.
  await page.goto("/compare?parts=GW-45-001,GW-100030");
  await waitForHydration(page);
  const table = page.getByRole("table");
  const other = (await table.getByRole("columnheader").nth(1).getByRole("link").first().textContent()) ?? "";
  for (const { name, quantity } of [
    { name: wheel, quantity: "3" },
    { name: other, quantity: "5" },
  ]) {
    await table.getByRole("spinbutton", { name: `Quantity of ${name}` }).fill(quantity);
    await table.getByRole("button", { name: `Add to Cart: ${name}` }).click();
    await expect(page.getByText(`${quantity} x ${name} added to cart!`)).toBeVisible();
  }
  await expect(page.getByTestId("cart-badge")).toHaveText("8");
  const rows = table.locator("tbody").getByRole("rowheader");
  await expect(rows.filter({ hasText: /^Thickness/ })).toHaveCount(1);
  const onlyDifferences = page.getByRole("switch", { name: "Show only differences" });
  await onlyDifferences.focus();
  await page.keyboard.press("Space");
  await expect(onlyDifferences).toBeChecked();
  await expect(page).toHaveURL(/only=differences/);
  await expect(rows.filter({ hasText: /^Thickness/ })).toHaveCount(0);
  await expect(rows.filter({ hasText: /^Diameter/ })).toHaveCount(1);
  await expectNoAccessibilityViolations(page);
  await screenshot(page, "compare-1366");

  // On a phone: the family's sizes and the comparison fit, nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/products/grinding-wheel-4-5-in-gw-45-001");
  await expectFitsTheScreen(page, "the family's page");
  await expectNoSidewaysScroll(page, "the family's page");
  await screenshot(page, "family-375");
  await page.goto("/compare?parts=GW-45-001,GW-100030&only=differences");
  await expect(page.getByRole("list", { name: "Parts compared" }).getByRole("article")).toHaveCount(2);
  await expect(page.getByRole("switch", { name: "Show only differences" })).toBeChecked();
  await expectFitsTheScreen(page, "the comparison");
  await expectNoSidewaysScroll(page, "the comparison");
  await expectNoAccessibilityViolations(page);
  await screenshot(page, "compare-375");
});
