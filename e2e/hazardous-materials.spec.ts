import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { extractText } from "unpdf";
import { expectNoAccessibilityViolations, signInAsAdmin } from "./helpers";

const aerosol = {
  name: "Penetrating Oil Aerosol, 16 oz",
  slug: "penetrating-oil-aerosol-16-oz-aer-100002",
  partNumber: "AER-100002",
};
const ships = "Ships by ground only (hazardous material, limited quantity)";

test("a buyer looks at a chemical's line drawing, downloads its safety data sheet, and checkout says how it ships", async ({
  page,
  request,
}) => {
  await page.goto(`/products/${aerosol.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: aerosol.name })).toBeVisible();

  // No photograph: a line drawing of the can, made from its attributes (its size on a leader).
  const picture = page
    .getByRole("region", { name: "Product images" })
    .getByRole("img", { name: `${aerosol.name}, image 1` });
  await expect(picture).toHaveAttribute("src", `/images/products/drawings/${aerosol.slug}.svg`);
  await expect(picture).toHaveJSProperty("complete", true);
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(400);
  const drawing = await request.get(`/images/products/drawings/${aerosol.slug}.svg`);
  expect(drawing.headers()["content-type"]).toContain("image/svg+xml");
  expect(await drawing.text()).toContain(">16 oz</text>");

  // What it is and how it travels, beside the price.
  const hazard = page.getByRole("region", { name: "Danger: hazardous material" });
  await expect(hazard.getByRole("img", { name: "Flame" })).toBeVisible();
  await expect(hazard.getByRole("img", { name: "Exclamation mark" })).toBeVisible();
  await expect(hazard.getByText(ships)).toBeVisible();
  await expect(hazard.getByText("UN1950, Aerosols, flammable, 2.1 (Limited Quantity)")).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // Its SDS, listed with its documents, downloads as a PDF made from its hazard data.
  await page.getByRole("tab", { name: "Documents" }).click();
  const sds = page.getByRole("tabpanel").getByRole("listitem").filter({ hasText: "Safety Data Sheet (SDS)" });
  const download = page.waitForEvent("download");
  await sds.getByRole("link", { name: "Download PDF" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${aerosol.partNumber}-SDS.pdf`);
  const pdf = await readFile((await file.path()) ?? "");
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  expect(text).toContain(`Product identifier: ${aerosol.name}`);
  expect(text).toContain("H222: Extremely flammable aerosol.");
  expect(text).toContain("UN number: UN1950");
  expect(text).toContain("Section 16. Other information");

  // At checkout its line names how it ships.
  await page.getByRole("button", { name: `Add to Cart: ${aerosol.name}` }).click();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  await page.goto("/checkout");
  const summary = page.getByRole("complementary", { name: "Order Summary" });
  const line = summary.getByRole("listitem").filter({ hasText: aerosol.name });
  await expect(line.getByText(ships)).toBeVisible();
  await expect(line.getByText(`SKU: ${aerosol.partNumber}`)).toBeVisible();
  await expectNoAccessibilityViolations(page);
});

test("an operator gives a new part its hazard data in the editor: its page says how it ships, and its SDS downloads", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const partNumber = `HAZ-${Date.now().toString(36).toUpperCase()}`;
  const name = `Solvent Degreaser ${partNumber}`;
  await signInAsAdmin(page);
  await page.goto("/admin/products/new");
  // The editor's scripts loaded and run before its boxes are ticked: once in CI (session 34) the
  // hazard box, ticked as the page came in, was found unticked again at once.
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Part Number").fill(partNumber);
  await page.getByLabel("Status").selectOption("active");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Brand").fill("Own Brand");
  // The subcategory's attribute fields are fetched as it is chosen: the boxes are ticked once they
  // came (in CI, twice, the hazard box ticked just then was found unticked; not explained yet).
  const attributesFetched = page.waitForResponse((response) => response.url().includes("subcategory=bulk-chemicals"));
  await page.getByLabel("Subcategory").selectOption("bulk-chemicals");
  await attributesFetched;
  await page.getByLabel("Price ($)", { exact: true }).fill("38.00");
  await page.getByLabel("Stock Level").fill("6");

  await page.getByLabel("This part is a hazardous material").check();
  await page.getByLabel("Signal Word").selectOption("Warning");
  await page.getByLabel("Physical State").fill("Liquid");
  await page.getByLabel("GHS02: Flame").check();
  await page.getByLabel("GHS07: Exclamation mark").check();
  await page
    .getByLabel("Hazard Classes")
    .fill("Flammable liquids, Category 3\nSerious eye damage/eye irritation, Category 2A");
  await page
    .getByLabel("Hazard Statements")
    .fill("H226 Flammable liquid and vapor.\nH319 Causes serious eye irritation.");
  await page
    .getByLabel("Precautionary Statements")
    .fill(
      "P210 Keep away from heat, hot surfaces, sparks, open flames and other ignition sources. No smoking.\nP280 Wear eye protection.",
    );
  await page.getByLabel("Ingredients").fill("Naphtha (petroleum), hydrotreated heavy | 64742-48-9 | 60-80%");
  await page.getByLabel("SDS Revised On").fill("2026-11-30");
  await page.getByLabel("Hazardous material in transport (US DOT)").check();
  await page.getByLabel("UN Number").fill("UN12");
  await page.getByLabel("Proper Shipping Name").fill("Flammable liquid, n.o.s.");
  await page.getByLabel("Hazard Class", { exact: true }).fill("3");
  await page.getByLabel("Packing Group").selectOption("III");

  // A wrong field is named with how to write it, and nothing is created.
  await page.getByRole("button", { name: "Create Product" }).click();
  await expect(page.getByText("The UN number is UN and 4 digits, e.g. UN1950")).toBeVisible();
  await expect(page.getByLabel("UN Number")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("UN Number").fill("UN1993");
  await page.getByRole("button", { name: "Create Product" }).click();
  await expect(page.getByText("Product created")).toBeVisible();
  await expect(page.getByLabel("UN Number")).toHaveValue("UN1993");
  await expect(page.getByLabel("GHS02: Flame")).toBeChecked();
  await expectNoAccessibilityViolations(page);
  const storefront = (await page.getByRole("link", { name: "View on the storefront" }).getAttribute("href")) ?? "";

  // A buyer reads how it ships beside the price, and downloads its SDS drawn from what the operator wrote.
  const guest = await (await browser.newContext()).newPage();
  await guest.goto(storefront);
  const hazard = guest.getByRole("region", { name: "Warning: hazardous material" });
  await expect(hazard.getByText("Ships by ground only (hazardous material)")).toBeVisible();
  await expect(hazard.getByText("UN1993, Flammable liquid, n.o.s., 3, PG III")).toBeVisible();
  await guest.getByRole("tab", { name: "Documents" }).click();
  const sds = guest.getByRole("tabpanel").getByRole("listitem").filter({ hasText: "Safety Data Sheet (SDS)" });
  const download = guest.waitForEvent("download");
  await sds.getByRole("link", { name: "Download PDF" }).click();
  const pdf = await readFile((await (await download).path()) ?? "");
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  expect(text).toContain(`Product identifier: ${name}`);
  expect(text).toContain("H226: Flammable liquid and vapor.");
  expect(text).toContain("UN number: UN1993");
  await guest.context().close();
});
