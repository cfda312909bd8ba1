import { expect, test } from "@playwright/test";
import { confirmedBuyer, expectNoAccessibilityViolations, signIn, signInAsAdmin } from "./helpers";

test("the admin reads the business as charts with their figures beside them", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Reports" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  for (const [title, rows] of [
    ["Sales by Day (last 30 days)", 30],
    ["Sales by Week (last 12 weeks, from Monday)", 12],
    ["Orders by Status", 6],
    ["Receivables Aging (open invoices on terms)", 5],
  ] as const) {
    const figure = page.getByRole("figure", { name: title });
    await expect(figure.getByRole("img", { name: title })).toBeVisible();
    await expect(figure.getByRole("table", { name: title }).getByRole("row")).toHaveCount(rows + 1);
  }
  await expect(
    page.getByRole("figure", { name: "Orders by Status" }).getByRole("rowheader", { name: "Pending Payment" }),
  ).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.setViewportSize({ width: 375, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test("a buyer's Insights show the spend by month against their limits, and by category", async ({ page }) => {
  const buyer = await confirmedBuyer(page, "insights");
  await signIn(page, buyer.email, buyer.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await page.goto("/account");
  await page.getByRole("tab", { name: "Insights" }).click();
  const months = page.getByRole("figure", { name: "Spend by Month" });
  await expect(months.getByRole("img", { name: "Spend by Month" })).toBeVisible();
  const table = months.getByRole("table", { name: "Spend by Month" });
  await expect(table.getByRole("row")).toHaveCount(13);
  await expect(table.getByRole("columnheader", { name: "Your orders" })).toBeVisible();
  await expect(page.getByText("No orders in the last 12 months.")).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.setViewportSize({ width: 375, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
