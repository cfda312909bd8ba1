import { expect, test } from "@playwright/test";
import { expectNoAccessibilityViolations } from "./helpers";

test("a buyer searches from the header: a part number opens its product, words and typos find products", async ({
  page,
}) => {
  await page.goto("/");
  const search = page.getByRole("search").getByRole("searchbox", { name: "Search products" });
  await search.fill("gw 45 001");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/products\/grinding-wheel-4-5-in-gw-45-001$/);

  await page.goto("/search?q=grinding%20wheel");
  await expect(page.getByRole("heading", { name: 'Results for "grinding wheel"' })).toBeVisible();
  await expect(page.getByRole("link", { name: "Grinding Wheel 4.5 in" })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await page.goto("/search?q=grindng%20wheel"); // one typo
  await expect(page.getByRole("link", { name: "Grinding Wheel 4.5 in" })).toBeVisible();

  const hostile = `' or 1=1; drop table products; -- <script>alert(1)</script> ${"x".repeat(500)}`;
  const response = await page.goto(`/search?q=${encodeURIComponent(hostile)}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByText("No products found.", { exact: false })).toBeVisible();
  await page.goto("/category/abrasives/grinding-wheels");
  await expect(page.getByRole("link", { name: "Grinding Wheel 4.5 in" })).toBeVisible();
});
