import { expect, test } from "@playwright/test";
import { expectNoAccessibilityViolations } from "./helpers";

test("on a phone, the menu button opens the whole navigation", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog");
  await expect(menu.getByRole("link", { name: "Grinding Wheels" })).toBeVisible();
  await menu.getByRole("link", { name: "Grinding Wheels" }).click();
  await expect(page).toHaveURL("/category/abrasives/grinding-wheels");
});

test("pages fit a phone screen without sideways scrolling", async ({ page }) => {
  for (const path of ["/", "/shop", "/category/abrasives"]) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(0);
    await expectNoAccessibilityViolations(page);
  }
});
