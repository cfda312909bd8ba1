import { expect, test } from "@playwright/test";
import { expectNoAccessibilityViolations } from "./helpers";

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

test("robots.txt points crawlers to a sitemap that lists every listing and product", async ({ request, baseURL }) => {
  const robots = await request.get("/robots.txt");
  expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
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
