import { expect, test } from "@playwright/test";
import { expectNoAccessibilityViolations, signInAsAdmin, waitForHydration } from "./helpers";

test("an admin renames a subcategory and describes it; the store's menu and listing show it at once", async ({
  page,
}) => {
  // A long story: two admin pages checked with axe, three saves, the storefront and the audit log.
  test.slow();
  await signInAsAdmin(page);
  await page.goto("/admin/categories");
  await expect(page.getByRole("heading", { level: 1, name: "Categories" })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByRole("link", { name: "Push Pins" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Push Pins" })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await waitForHydration(page);

  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Save Subcategory" }) });
  await form.getByLabel("Name").fill("");
  await form.getByRole("button", { name: "Save Subcategory" }).click();
  await expect(form.getByText("Enter the name")).toBeVisible();
  await form.getByLabel("Name").fill("Panel Push Pins");
  await form.getByLabel("Description").fill("Nylon push-type retainers for door panels and splash shields.");
  await form.getByRole("button", { name: "Save Subcategory" }).click();
  await expect(page.getByText("Subcategory Panel Push Pins saved")).toBeVisible();

  await page.goto("/");
  await waitForHydration(page);
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("button", { name: "Automotive" }).click();
  await nav.getByRole("link", { name: "Panel Push Pins" }).click();
  // The listing's title comes from its slug (push-pins), as the specification has it; the name is the navigation's.
  await expect(page.getByRole("heading", { level: 1, name: "Push Pins" })).toBeVisible();
  await expect(page.getByText("Nylon push-type retainers for door panels and splash shields.")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "breadcrumb" }).getByText("Panel Push Pins")).toBeVisible();

  // A subcategory with products cannot be deleted: the admin is told to hide it instead.
  await page.goto("/admin/categories/automotive/push-pins");
  await page.getByRole("button", { name: "Delete Subcategory" }).click();
  await expect(page.getByText(/products are in Panel Push Pins, so it cannot be deleted/)).toBeVisible();

  await page.goto("/admin/audit-log");
  await expect(page.getByText("name: Push Pins → Panel Push Pins")).toBeVisible();
});

test("a product's specification table shows its typed values in the unit buyers read", async ({ page }) => {
  await page.goto("/products/grinding-wheel-4-5-in-gw-45-001");
  const specifications = page.getByRole("tabpanel", { name: "Specifications" });
  await expect(specifications.getByText("Diameter")).toBeVisible();
  await expect(specifications.getByText("4-1/2 in", { exact: true })).toBeVisible();
  await expect(specifications.getByText("13,300 rpm", { exact: true })).toBeVisible();
  await expect(specifications.getByText("Aluminum Oxide", { exact: true })).toBeVisible();
  await expectNoAccessibilityViolations(page);
});
