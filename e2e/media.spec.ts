import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { products } from "../server/db/schema";
import { storeProductImage } from "../server/media/images";
import { fileStorage, mediaFolder } from "../server/media/storage";
import { type StoreProcess, storeProcess } from "../test/store-process";
import { expectNoAccessibilityViolations, waitForHydration } from "./helpers";

const wheel = { name: "Cut-Off Wheel 4.5 x .045 in", slug: "cut-off-wheel-4-5-x-045-in-cw-45-045" };

test("a buyer downloads a product's data sheet from its Documents tab", async ({ page }) => {
  await page.goto(`/products/${wheel.slug}`);
  await waitForHydration(page); // the tabs switch with JavaScript
  await page.getByRole("tab", { name: "Documents" }).click();
  const documents = page.getByRole("tabpanel", { name: "Documents" });
  const link = documents.getByRole("link", { name: "Download PDF" });
  await expect(link).toHaveCount(1);
  await expect(link).toHaveAccessibleDescription("Product Data Sheet");
  await expectNoAccessibilityViolations(page);

  const download = page.waitForEvent("download");
  await link.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("CW-45-045-data-sheet.pdf");
  const bytes = readFileSync((await file.path()) ?? "");
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(bytes.length).toBeGreaterThan(2_000);
});

test.describe("a product with a photograph of its own", () => {
  // A store of its own, whose cut-off wheel has a stored picture, as the back office would store it.
  let store: StoreProcess;
  test.describe.configure({ mode: "serial" });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    store = await storeProcess({ LOG_LEVEL: "warn" });
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#8a5a2b" } })
      .jpeg()
      .toBuffer();
    const { url } = await storeProductImage(photo, fileStorage(mediaFolder(store.dataDir)));
    await store.writeWhileStopped((database) =>
      database.db
        .update(products)
        .set({ images: [url] })
        .where(eq(products.slug, wheel.slug)),
    );
    await store.start();
  });

  test.afterAll(async () => {
    await store?.remove();
  });

  test("shows it in a modern format at the width needed, its space kept before it arrives", async ({ page }) => {
    await page.goto(`${store.base}/products/${wheel.slug}`);
    const picture = page
      .getByRole("region", { name: "Product images" })
      .getByRole("img", { name: `${wheel.name}, image 1` });
    await expect(picture).toHaveAttribute("width", "1024");
    await expect(picture).toHaveAttribute("height", "768");
    await expect(picture).toHaveAttribute("loading", "eager");
    const avif = page.locator('picture source[type="image/avif"]').first();
    await expect(avif).toHaveAttribute(
      "srcset",
      /-160\.avif 160w, .*-320\.avif 320w, .*-640\.avif 640w, .*-1024\.avif 1024w$/,
    );
    await expect(page.locator('picture source[type="image/webp"]').first()).toHaveAttribute(
      "srcset",
      /-1024\.webp 1024w$/,
    );
    // The browser chose a stored AVIF version and drew it.
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => (img.complete ? img.currentSrc : "")))
      .toMatch(/\/media\/[0-9a-f]{24}-1600x1200-\d+\.avif$/);
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expectNoAccessibilityViolations(page);

    await page.goto(`${store.base}/category/abrasives/cut-off-wheels`);
    const cards = page
      .getByRole("main")
      .getByRole("listitem")
      .filter({ has: page.locator("picture") });
    const card = cards.filter({ has: page.getByRole("link", { name: wheel.name }) });
    // The first row's pictures (four cards at the widest) are in view and load first; the rest wait.
    const position = (await cards.allTextContents()).findIndex((text) => text.includes(wheel.name));
    await expect(card.locator("picture img")).toHaveAttribute("loading", position < 4 ? "eager" : "lazy");
    await expect(card.locator("picture source")).toHaveCount(2);
    await expectNoAccessibilityViolations(page);
  });
});
