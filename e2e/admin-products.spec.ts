import { type Browser, expect, test } from "@playwright/test";
import sharp from "sharp";
import { expectNoAccessibilityViolations, saveProduct, signInAsAdmin } from "./helpers";

/** A visitor in a browser of their own (no session, no cart): served the shared page cache. */
async function guestPage(browser: Browser) {
  const context = await browser.newContext();
  return context.newPage();
}

test("an admin finds a product by part number, changes its price and a bulk tier, and buyers see it at once", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await signInAsAdmin(page);
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Products" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  const table = page.getByRole("table", { name: "Products" });

  // However the part number is typed, the product is found.
  await page.getByLabel("Part number or name").fill("gw 45 001");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByRole("link", { name: "GW-45-001" })).toBeVisible();
  await expect(table.getByText("Grinding Wheel 4.5 in")).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // The wheel's $12.99 is what other stories buy it at, so this one edits a safety product of its own choosing.
  await page.getByLabel("Part number or name").fill("");
  await page.getByLabel("Category", { exact: true }).selectOption({ label: "Safety" });
  await page.getByLabel("Status").selectOption("active");
  await page.getByLabel("Stock").selectOption("in");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/category=safety&status=active&stock=in/);
  // The filtered rows have replaced the search's before one is read.
  await expect(table.getByRole("link", { name: "GW-45-001" })).toHaveCount(0);
  const firstPart = table.getByRole("row").nth(1).getByRole("link");
  const partNumber = (await firstPart.textContent()) ?? "";
  await firstPart.click();
  await expect(page.getByRole("heading", { name: `Edit ${partNumber}` })).toBeVisible();
  await expect(page.getByLabel("Part Number")).toHaveAttribute("readonly", "");
  await expectNoAccessibilityViolations(page);
  const storefront = (await page.getByRole("link", { name: "View on the storefront" }).getAttribute("href")) ?? "";

  // A visitor reads the page first: it is now in the page cache.
  const guest = await guestPage(browser);
  await guest.goto(storefront);
  await expect(guest.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(guest.getByText("$7,777.77")).toHaveCount(0);

  // A price that breaks the rules is named on its field, and nothing is saved.
  await page.getByLabel("Price ($)", { exact: true }).fill("7,777.77");
  await page.getByRole("button", { name: "Save Product" }).click();
  const priceError = page.getByText("The price must be an amount in dollars with at most 2 decimals, e.g. 12.99");
  await expect(priceError).toBeVisible();
  await expect(page.getByLabel("Price ($)", { exact: true })).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Price ($)", { exact: true }).fill("7777.77");
  await expect(priceError).toBeHidden();
  for (let remove = page.getByRole("button", { name: /^Remove tier / }); (await remove.count()) > 0; ) {
    await remove.first().click();
  }
  await page.getByRole("button", { name: "Add Tier" }).click();
  await page.getByLabel("Tier 1 from quantity").fill("100");
  await page.getByLabel("Tier 1 unit price ($)").fill("6999.99");
  await expect(page.getByRole("button", { name: "Remove tier 100+" })).toBeVisible();
  await saveProduct(page);
  await expect(page.getByLabel("Price ($)", { exact: true })).toHaveValue("7777.77");

  // The visitor's next look shows the new price and tier: the cached page was dropped.
  await guest.reload();
  await expect(guest.getByText("$7,777.77").first()).toBeVisible();
  await expect(guest.getByRole("table", { name: "Bulk Pricing" })).toContainText("100+");
  await expect(guest.getByRole("table", { name: "Bulk Pricing" })).toContainText("$6,999.99");
  await guest.context().close();

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Audit Log" }).click();
  const latest = page.getByRole("table", { name: "Audit Log" }).getByRole("row").filter({ hasText: "→ 7777.77" });
  await expect(latest).toContainText("update product");
  await expect(latest).toContainText("→ 100:6999.99");
});

test("an admin creates a draft with the keyboard, buyers cannot find it, and it shows once published", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const partNumber = `KB-${Date.now().toString(36).toUpperCase()}`;
  const name = `Keyboard Flap Disc ${partNumber}`;
  await signInAsAdmin(page);
  await page.goto("/admin/products");
  await page.getByRole("link", { name: "New Product" }).click();
  await expect(page.getByRole("heading", { name: "New Product" })).toBeVisible();
  await expect(page.getByLabel("Status")).toHaveValue("draft");

  // Field by field with Tab, as a keyboard user goes down the form.
  await page.getByLabel("Part Number").focus();
  await page.keyboard.type(partNumber);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Status")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Name", { exact: true })).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press("Tab");
  await page.keyboard.type("Own Brand");
  await page.getByLabel("Subcategory").selectOption({ label: "Flap Discs" });
  await expect(page.getByLabel("Category", { exact: true })).toHaveValue("abrasives");
  await page.getByLabel("Price ($)", { exact: true }).fill("15.49");
  await page.getByLabel("Stock Level").fill("40");
  await page.getByLabel("Description").fill("A flap disc the back office made.");
  await page.getByRole("button", { name: "Add OEM number" }).press("Enter");
  await page.getByLabel("OEM number 1", { exact: true }).fill("OEM-KB-1");
  await expectNoAccessibilityViolations(page);
  await page.getByLabel("OEM number 1", { exact: true }).press("Enter");
  await expect(page.getByText("Product created")).toBeVisible();
  await expect(page.getByRole("heading", { name: `Edit ${partNumber}` })).toBeVisible();
  await expect(page.getByRole("link", { name: "View on the storefront" })).toHaveCount(0);

  const guest = await guestPage(browser);
  const slug = `${name}-${partNumber}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  expect((await guest.goto(`/products/${slug}`))?.status()).toBe(404);
  await guest.goto(`/search?q=${encodeURIComponent(partNumber)}`);
  await expect(guest.getByText("No products found. Check the part number or try a shorter keyword.")).toBeVisible();

  await page.getByLabel("Status").selectOption("active");
  await saveProduct(page);
  await expect(page.getByRole("link", { name: "View on the storefront" })).toHaveAttribute("href", `/products/${slug}`);

  // Typed another way (the visitor's browser may keep the first answer for its 5 fresh minutes).
  await guest.goto(`/search?q=${encodeURIComponent(partNumber.toLowerCase())}`);
  await expect(guest).toHaveURL(new RegExp(`/products/${slug}$`));
  await expect(guest.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(guest.getByText("$15.49").first()).toBeVisible();
  await expect(guest.getByRole("button", { name: /^Add to Cart/ })).toBeEnabled();

  // Discontinued: the page stays, says so, and offers no Add to Cart.
  await page.getByLabel("Status").selectOption("discontinued");
  await saveProduct(page);
  await guest.reload();
  await expect(guest.getByText(/^Discontinued\./)).toBeVisible();
  await expect(guest.getByRole("button", { name: /^Add to Cart/ })).toHaveCount(0);
  await expectNoAccessibilityViolations(guest);
  await guest.context().close();
});

test("an admin adds a picture in the editor and buyers see it on the product page", async ({ page, browser }) => {
  test.setTimeout(60_000);
  const partNumber = `PIC-${Date.now().toString(36).toUpperCase()}`;
  const name = `Pictured Flap Disc ${partNumber}`;
  const picture = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#b4541e" } })
    .png()
    .toBuffer();
  await signInAsAdmin(page);
  await page.goto("/admin/products/new");
  await page.getByLabel("Part Number").fill(partNumber);
  await page.getByLabel("Status").selectOption("active");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Brand").fill("Own Brand");
  await page.getByLabel("Subcategory").selectOption({ label: "Flap Discs" });
  await page.getByLabel("Price ($)", { exact: true }).fill("21.00");
  await page.getByLabel("Stock Level").fill("8");
  await expect(page.getByText("No pictures: its line drawing, made from its attributes, is shown.")).toBeVisible();

  // A file that is not a picture is refused on its field, and the product is not created.
  await page
    .getByLabel("Add pictures")
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("notes") });
  await page.getByRole("button", { name: "Create Product" }).click();
  await expect(page.getByText(/notes\.txt: This file is not a picture the store can read/)).toBeVisible();
  await expect(page.getByLabel("Add pictures")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Add pictures").setInputFiles({ name: "disc.png", mimeType: "image/png", buffer: picture });
  await page.getByRole("button", { name: "Create Product" }).click();
  await expect(page.getByText("Product created")).toBeVisible();
  const thumbnail = page.getByRole("img", { name: "View 1 of the product" });
  await expect(thumbnail).toBeVisible();
  await expect(thumbnail).toHaveAttribute("src", /^\/media\/[0-9a-f]{24}-320x240-320\.webp$/);
  await expect(page.getByRole("button", { name: "Remove picture 1" })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  const src = (await thumbnail.getAttribute("src")) ?? "";

  const guest = await guestPage(browser);
  await guest.goto((await page.getByRole("link", { name: "View on the storefront" }).getAttribute("href")) ?? "");
  const shown = guest.getByRole("region", { name: "Product images" }).getByRole("img", { name: `${name}, image 1` });
  await expect(shown).toHaveAttribute("src", src);
  await expect
    .poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await guest.context().close();
});
