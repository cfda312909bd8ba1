import { readFile } from "node:fs/promises";
import { gunzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { confirmedBuyer, expectNoAccessibilityViolations, signIn, signInAsAdmin } from "./helpers";

test("the admin sets the backup schedule, backs up now and downloads the backup; a buyer cannot", async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Backups" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Backups" })).toBeVisible();
  await expect(page.getByLabel("Back up the store every day")).toBeChecked();
  await expect(page.getByLabel("Time of day (Eastern Time)")).toHaveValue("02:00");
  await expect(page.getByLabel("Backups to keep")).toHaveValue("7");
  await expectNoAccessibilityViolations(page);

  // A wrong count is named beside its field, and nothing is saved.
  await page.getByLabel("Backups to keep").fill("0");
  await page.getByRole("button", { name: "Save Schedule" }).click();
  await expect(page.getByText("Keep at least 1 backup")).toBeVisible();
  await page.getByLabel("Backups to keep").fill("14");
  await page.getByLabel("Time of day (Eastern Time)").fill("23:30");
  await page.getByRole("button", { name: "Save Schedule" }).click();
  await expect(page.getByText("Backup schedule saved")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Backups to keep")).toHaveValue("14");
  await expect(page.getByLabel("Time of day (Eastern Time)")).toHaveValue("23:30");

  await page.getByRole("button", { name: "Back Up Now" }).click();
  await expect(page.getByText("Backup written")).toBeVisible();
  const backups = page.getByRole("list", { name: "Backups" });
  await expect(backups.getByText("Checksum verified")).toHaveCount(1);
  const link = backups.getByRole("link", { name: /^Download backup store-/ });
  const name = ((await link.getAttribute("aria-label")) ?? "").replace("Download backup ", "");
  await expectNoAccessibilityViolations(page);

  const download = page.waitForEvent("download");
  await link.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${name}.tar.gz`);
  const tar = gunzipSync(await readFile(await file.path())).toString("latin1");
  expect(tar).toContain(`${name}/manifest.json`);

  // At phone width the list and the form still fit.
  await page.setViewportSize({ width: 375, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // A buyer, signed in, gets neither the page nor the file.
  const buyerPage = await browser.newPage();
  const buyer = await confirmedBuyer(buyerPage, "backups");
  await signIn(buyerPage, buyer.email, buyer.password);
  await expect(buyerPage.getByText("Welcome back!")).toBeVisible();
  const response = await buyerPage.request.get(`/admin/backups/${name}/download`);
  expect(response.status()).toBe(403);
  expect((await response.body()).toString()).not.toContain("manifest.json");
  await buyerPage.close();
});
