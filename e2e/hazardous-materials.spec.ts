import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { extractText } from "unpdf";
import { expectNoAccessibilityViolations } from "./helpers";

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
