import { expect, test } from "@playwright/test";
import {
  confirmedBuyer,
  expectNoAccessibilityViolations,
  openCart,
  saveProduct,
  signIn,
  signInAsAdmin,
  subjectsMailedTo,
  waitForHydration,
} from "./helpers";

test("a buyer opens a product from its listing, reads the details and adds several to the cart", async ({ page }) => {
  await page.goto("/category/abrasives/cut-off-wheels");
  await page.getByRole("link", { name: "Cut-Off Wheel 4.5 x .045 in" }).click();
  await expect(page).toHaveURL(/\/products\/cut-off-wheel-4-5-x-045-in-cw-45-045$/);
  await expect(page.getByRole("heading", { level: 1, name: "Cut-Off Wheel 4.5 x .045 in" })).toBeVisible();

  const breadcrumb = page.getByRole("navigation", { name: "breadcrumb" });
  await expect(breadcrumb.getByRole("link", { name: "Abrasives" })).toHaveAttribute("href", "/category/abrasives");
  await expect(breadcrumb.getByRole("link", { name: "Cut-Off Wheels" })).toHaveAttribute(
    "href",
    "/category/abrasives/cut-off-wheels",
  );
  await expect(page.getByText("Part #: CW-45-045")).toBeVisible();
  // Nobody has reviewed it: no stars and no count (the generator invents none).
  await expect(page.getByRole("img", { name: /^Rated/ })).toHaveCount(0);
  await expect(page.getByText(/\(\d[\d,]* reviews?\)/)).toHaveCount(0);
  await expect(page.getByText("In Stock (2,847 available)")).toBeVisible();
  await expect(page.getByText("Same-day shipping on stock items ordered before 3PM EST")).toBeVisible();
  const tiers = page.getByRole("table", { name: "Bulk Pricing" });
  for (const [range, price] of [
    ["1-99", "$2.45"],
    ["100-499", "$1.98"],
    ["500-999", "$1.75"],
    ["1,000+", "$1.55"],
  ]) {
    await expect(tiers.getByRole("row", { name: `${range} ${price}` })).toBeVisible();
  }

  await expect(page.getByRole("tabpanel", { name: "Specifications" }).getByText("13,300")).toBeVisible();
  await waitForHydration(page); // the tabs switch with JavaScript
  await page.getByRole("tab", { name: "OEM Cross-Ref" }).click();
  await expect(page.getByText("DW8062")).toBeVisible();
  await page.getByRole("tab", { name: "Reviews" }).click();
  await expect(page.getByText("No reviews yet")).toBeVisible();
  await page.getByRole("tab", { name: "Documents" }).click();
  await expect(page.getByRole("link", { name: "Download PDF" }).first()).toHaveAttribute(
    "href",
    "/data-sheets/cut-off-wheel-4-5-x-045-in-cw-45-045.pdf",
  );
  await expectNoAccessibilityViolations(page);

  const quantity = page.getByLabel("Quantity");
  await quantity.fill("0");
  await quantity.blur();
  await expect(quantity).toHaveValue("1");
  await quantity.fill("120");
  await page.getByRole("button", { name: "Add to Cart: Cut-Off Wheel 4.5 x .045 in" }).click();
  await expect(page.getByText("120 x Cut-Off Wheel 4.5 x .045 in added to cart!")).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveText("120");

  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(ld).toMatchObject({ "@type": "Product", sku: "CW-45-045", offers: { price: "2.45", priceCurrency: "USD" } });
  expect(ld.offers.availability).toBe("https://schema.org/InStock");
  expect(ld.aggregateRating).toBeUndefined();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    /\/products\/cut-off-wheel-4-5-x-045-in-cw-45-045$/,
  );
});

test("an unknown product answers 404 with 'Product Not Found'", async ({ page }) => {
  const response = await page.goto("/products/no-such-part");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Product Not Found" })).toBeVisible();
  await expect(page.getByText("The product you are looking for does not exist.")).toBeVisible();
  await expectNoAccessibilityViolations(page);
});

test("robots.txt points crawlers to a sitemap that lists every listing and product, and to the merchant feed", async ({
  request,
  baseURL,
}) => {
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(robots).toContain(`Sitemap: ${baseURL}/feeds/google-merchant.xml`);
  const feed = await request.get("/feeds/google-merchant.xml");
  expect(feed.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
  const wheel = /<item><g:id>CW-45-045<\/g:id>.*?<\/item>/.exec(await feed.text())?.[0] ?? "";
  expect(wheel).toContain(`<link>${baseURL}/products/cut-off-wheel-4-5-x-045-in-cw-45-045</link>`);
  const image = /<g:image_link>([^<]+)<\/g:image_link>/.exec(wheel)?.[1] ?? "";
  const picture = await request.get(image);
  expect(picture.headers()["content-type"]).toBe("image/png");
  expect((await picture.body()).subarray(1, 4).toString()).toBe("PNG");
  const index = await (await request.get("/sitemap.xml")).text();
  expect(index).toContain(`<loc>${baseURL}/sitemaps/pages.xml</loc>`);
  expect(index).toContain(`<loc>${baseURL}/sitemaps/products-1.xml</loc>`);
  const pages = await (await request.get("/sitemaps/pages.xml")).text();
  expect(pages).toContain(`<loc>${baseURL}/category/safety/hi-vis</loc>`);
  const products = await request.get("/sitemaps/products-1.xml");
  expect(products.headers()["content-type"]).toContain("application/xml");
  expect(await products.text()).toContain(`<loc>${baseURL}/products/cut-off-wheel-4-5-x-045-in-cw-45-045</loc>`);
  expect((await request.get("/sitemaps/products-2.xml")).status()).toBe(404);
  expect((await request.get("/sitemaps/whatever.xml")).status()).toBe(404);
});

test("the price follows the quantity chosen: the tier's price, the line total and what the next tier saves", async ({
  page,
}) => {
  await page.goto("/products/cut-off-wheel-4-5-x-045-in-cw-45-045");
  await waitForHydration(page);
  const price = page.locator('[aria-live="polite"]').filter({ hasText: "Line total" });
  await expect(price).toContainText("$2.45 each");
  await expect(price).toContainText("Line total for 1: $2.45");
  await expect(price).toContainText("Buy 100 or more at $1.98 each, save $47.00");

  await page.getByLabel("Quantity").fill("150");
  await expect(price).toContainText("$1.98 each");
  await expect(price).toContainText("Line total for 150: $297.00");
  await expect(price).toContainText("Buy 500 or more at $1.75 each, save $115.00");
  const tiers = page.getByRole("table", { name: "Bulk Pricing" });
  await expect(tiers.getByRole("row", { name: "100-499 $1.98" })).toHaveAttribute("aria-current", "true");

  await page.getByLabel("Quantity").fill("1000");
  await expect(price).toContainText("$1.55 each");
  await expect(price).toContainText("Line total for 1,000: $1,550.00");
  await expect(price).not.toContainText("Buy");
  await expectNoAccessibilityViolations(page);

  // The cart charges what the page said.
  await page.getByLabel("Quantity").fill("150");
  await page.getByRole("button", { name: "Add to Cart: Cut-Off Wheel 4.5 x .045 in" }).click();
  await expect(page.getByText("150 x Cut-Off Wheel 4.5 x .045 in added to cart!")).toBeVisible();
  const cart = await openCart(page);
  await expect(cart.getByText("$297.00").first()).toBeVisible();
});

test("an out-of-stock part gives its lead time, never same-day shipping, and e-mails a buyer once it is back", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // The admin, in a browser of their own, picks an out-of-stock part no other story uses.
  const adminPage = await (await browser.newContext()).newPage();
  await signInAsAdmin(adminPage);
  await adminPage.goto("/admin/products?category=tire-supplies&status=active&stock=out");
  const table = adminPage.getByRole("table", { name: "Products" });
  const firstPart = table.getByRole("row").nth(1).getByRole("link");
  const partNumber = (await firstPart.textContent()) ?? "";
  await firstPart.click();
  await expect(adminPage.getByRole("heading", { name: `Edit ${partNumber}` })).toBeVisible();
  const storefront = (await adminPage.getByRole("link", { name: "View on the storefront" }).getAttribute("href")) ?? "";
  const name = await adminPage.getByLabel("Name", { exact: true }).inputValue();

  // Without a lead time, a visitor is asked to contact us and to sign in to hear when it is back.
  await page.goto(storefront);
  await expect(page.getByText("Out of Stock", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Lead time: please contact us")).toBeVisible();
  await expect(page.getByText(/same.day/i)).toHaveCount(0);
  await expect(page.getByRole("button", { name: `Out of Stock: ${name}`, exact: true })).toBeDisabled();
  await expect(page.getByText("to be e-mailed when it is back in stock.")).toBeVisible();
  await expect(page.getByRole("button", { name: "E-mail me when it is back in stock" })).toHaveCount(0);
  await expectNoAccessibilityViolations(page);

  await adminPage.getByLabel("Lead Time (business days)").fill("10");
  await saveProduct(adminPage);

  const buyer = await confirmedBuyer(page, "restock");
  await signIn(page, buyer.email, buyer.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await page.goto(storefront);
  await expect(page.getByText("Lead time: 10 business days to restock")).toBeVisible();
  await page.getByRole("button", { name: "E-mail me when it is back in stock" }).click();
  await expect(page.getByRole("status").filter({ hasText: "We will e-mail" })).toHaveText(
    `We will e-mail ${buyer.email} once when it is back in stock.`,
  );
  await page.reload();
  await expect(page.getByText("We will e-mail you once when it is back in stock.")).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await adminPage.getByLabel("Stock Level").fill("25");
  await saveProduct(adminPage);
  const subject = `Back in stock: ${name} (${partNumber})`;
  await expect.poll(() => subjectsMailedTo(buyer.email), { timeout: 15_000 }).toContain(subject);

  await page.reload();
  await expect(page.getByText("In Stock (25 available)")).toBeVisible();
  await expect(page.getByText("Same-day shipping on stock items ordered before 3PM EST")).toBeVisible();
  // Saved again with more stock: the buyer was told once, and is not told again.
  await adminPage.getByLabel("Stock Level").fill("30");
  await saveProduct(adminPage);
  expect((await subjectsMailedTo(buyer.email)).filter((mailed) => mailed === subject)).toHaveLength(1);
});
