import { expect, test } from "@playwright/test";
import { admin } from "../playwright.config";
import { expectNoAccessibilityViolations, waitForHydration } from "./helpers";

const HEADER = "part_number,name,category,subcategory,brand,price,stock_level,description,tiers";
const catalogue = [
  HEADER,
  'E2E-CUT-1,Imported Cutoff Wheel,abrasives,grinding-wheels,Own Brand,7.25,40,"Our own cutoff wheel, imported.",100:6.50|500:5.90',
  "E2E-CUT-2,Badly Priced Wheel,abrasives,grinding-wheels,Own Brand,seven,40,,",
].join("\n");

test("an admin imports a CSV with a bad row, sees the problem and the summary, and the good product is in the store", async ({
  page,
}) => {
  // Three imports (a dry run, the import, the same file again) and three accessibility checks.
  test.slow();
  const response = await page.goto("/admin/products/import");
  expect(response?.status()).toBe(401);
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Import & Export" })).toBeVisible();
  await waitForHydration(page);
  await expectNoAccessibilityViolations(page);

  const file = { name: "catalogue.csv", mimeType: "text/csv", buffer: Buffer.from(catalogue) };
  await page.getByLabel("Catalogue file").setInputFiles(file);
  await page.getByLabel("Dry run: check the file and report, write nothing").check();
  await page.getByRole("button", { name: "Import File" }).click();
  await expect(
    page.getByText("Dry run, nothing written. Would have created 1 product, updated 0, left 0 unchanged of 2 rows."),
  ).toBeVisible();

  await page.getByLabel("Dry run: check the file and report, write nothing").uncheck();
  await page.getByRole("button", { name: "Import File" }).click();
  await expect(
    page.getByText("Created 1 product, updated 0, left 0 unchanged of 2 rows. 1 row rejected (see the problems)."),
  ).toBeVisible();
  const problems = page.getByRole("table", { name: "Problems" });
  await expect(problems.getByRole("row").nth(1)).toHaveText(
    "3priceThe price must be an amount in dollars with at most 2 decimals, e.g. 12.99",
  );
  await expectNoAccessibilityViolations(page);

  await page.getByRole("button", { name: "Import File" }).click();
  await expect(
    page.getByText("Nothing changed: every product is already as in the file. 1 row rejected (see the problems)."),
  ).toBeVisible();

  await page.goto("/products/imported-cutoff-wheel-e2e-cut-1");
  await expect(page.getByRole("heading", { name: "Imported Cutoff Wheel" })).toBeVisible();
  await expect(page.getByText("$7.25").first()).toBeVisible();
  const tiers = page.getByRole("table", { name: "Bulk Pricing" });
  // The price list reads from one unit: the price of one, then the file's two tiers.
  await expect(tiers.getByRole("row").nth(1)).toHaveText("1-99$7.25");
  await expect(tiers.getByRole("row").nth(2)).toHaveText("100-499$6.50");
  await expect(tiers.getByRole("row").nth(3)).toHaveText("500+$5.90");
  await expect(page.getByText("In Stock (40 available)")).toBeVisible();
});

test("an admin imports a workbook as a spreadsheet saves it, its prices and stock as numbers", async ({ page }) => {
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Products");
  sheet.addRow(HEADER.split(","));
  sheet.addRow(["E2E-XL-1", "Workbook Flap Disc", "abrasives", "flap-discs", "Own Brand", 12.5, 30, "", "100:11"]);
  workbook.addWorksheet("Notes").addRow(["not imported"]);
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());

  await page.goto("/admin/products/import");
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await waitForHydration(page);
  await page.getByLabel("Catalogue file").setInputFiles({
    name: "catalogue.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer,
  });
  await page.getByRole("button", { name: "Import File" }).click();
  await expect(page.getByText("Created 1 product, updated 0, left 0 unchanged of 1 row.")).toBeVisible();

  await page.goto("/products/workbook-flap-disc-e2e-xl-1");
  await expect(page.getByRole("heading", { name: "Workbook Flap Disc" })).toBeVisible();
  await expect(page.getByText("$12.50").first()).toBeVisible();
  await expect(page.getByText("In Stock (30 available)")).toBeVisible();
});

test("an admin downloads the catalogue as CSV in the import's format", async ({ page }) => {
  await page.goto("/admin/products/import");
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download as CSV" }).click();
  const saved = await (await download).path();
  const { readFile } = await import("node:fs/promises");
  const text = await readFile(saved, "utf8");
  expect(text.split("\n")[0]).toMatch(
    /^part_number,name,category,subcategory,brand,price,stock_level,description,tiers,status,oem_numbers,related_parts,images,documents/,
  );
  expect(text).toContain("GW-45-001,");
});
