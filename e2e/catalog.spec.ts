import { expect, type Page, test } from "@playwright/test";
import { expectNoAccessibilityViolations, holdRequests, waitForHydration } from "./helpers";

/** Holds the listing's next data request until `release` is called. */
/**
 * Holds the listing's data requests for `search` (a prefetch on hover as well as the navigation)
 * until released; the header's own cart request goes through.
 */
function holdListingData(page: Page, search: string) {
  return holdRequests(page, (url) => url.pathname.endsWith(".data") && url.search.includes(search));
}

test("a buyer browses a listing: cards with pictures and prices, featured parts first, 1 to 4 columns", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto("/category/abrasives/grinding-wheels");
  await expect(page.getByRole("heading", { level: 1, name: "Grinding Wheels" })).toBeVisible();
  const cards = page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 2 }) });
  await expect(cards).toHaveCount(24);
  await expect(cards.first().getByRole("link", { name: "Grinding Wheel 4.5 in" })).toBeVisible();
  await expect(cards.first().getByText("GW-45-001")).toBeVisible();
  await expect(cards.first().locator("img")).toHaveAttribute(
    "src",
    "/images/products/drawings/grinding-wheel-4-5-in-gw-45-001.svg",
  );
  // Four cards side by side on a wide screen.
  const tops = await cards.evaluateAll((items) => items.slice(0, 4).map((item) => item.getBoundingClientRect().top));
  expect(new Set(tops).size).toBe(1);
  await expectNoAccessibilityViolations(page);

  await page.setViewportSize({ width: 390, height: 800 });
  const narrow = await cards.evaluateAll((items) => items.slice(0, 2).map((item) => item.getBoundingClientRect().top));
  expect(narrow[1]).toBeGreaterThan(narrow[0] ?? 0);
});

test("a listing says 'Loading products...' while the next state loads", async ({ page }) => {
  await page.goto("/category/abrasives/flap-discs");
  await expect(page.getByRole("link", { name: /^All Products/ })).toHaveAttribute("aria-current", "true");
  await waitForHydration(page);
  const release = await holdListingData(page, "sort=rating-desc");
  await page.getByRole("link", { name: "Rating high to low" }).click();
  await expect(page.getByText("Loading products...")).toBeVisible();
  await expectNoAccessibilityViolations(page);
  release();
  await expect(page).toHaveURL("/category/abrasives/flap-discs?sort=rating-desc");
  await expect(page.getByText("Loading products...")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Rating high to low" })).toHaveAttribute("aria-current", "true");
});

test("a listing with no matching products says so", async ({ page }) => {
  const response = await page.goto("/category/hand-tools/hammers?brand=No%20Such%20Brand");
  expect(response?.status()).toBe(200);
  await expect(page.getByText("No products found for this category.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Load More Products" })).toHaveCount(0);
  await expectNoAccessibilityViolations(page);
  await page.getByRole("link", { name: "Brand: No Such Brand (clear)" }).click();
  await expect(page).toHaveURL("/category/hand-tools/hammers");
  await expect(page.getByText("No products found for this category.")).toHaveCount(0);
});

test("a listing that fails to load says 'Error loading products. Please try again.'", async ({ page }) => {
  await page.goto("/category/electrical/wire-cable");
  await waitForHydration(page);
  // The listing's own data request fails; the rest of the page still loads.
  await page.route(
    (url) => url.pathname.endsWith(".data") && (url.searchParams.get("_routes") ?? "").includes("category"),
    (route) => route.abort("connectionreset"),
  );
  await page.getByRole("link", { name: "Load More Products" }).click();
  await expect(page.getByText("Error loading products. Please try again.")).toBeVisible();
  await expectNoAccessibilityViolations(page);
});

test("listing and product pages are cacheable for 5 minutes, stale for 10, and revalidate with their ETag", async ({
  request,
}) => {
  for (const path of [
    "/category/abrasives/grinding-wheels?sort=price-asc",
    "/category/abrasives",
    "/products/grinding-wheel-4-5-in-gw-45-001",
    "/search?q=flap%20disc",
  ]) {
    const first = await request.get(path);
    expect(first.status(), path).toBe(200);
    expect(first.headers()["cache-control"]).toBe("public, max-age=300, stale-while-revalidate=600");
    const etag = first.headers().etag ?? "";
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await request.get(path, { headers: { "If-None-Match": etag } });
    expect(again.status(), path).toBe(304);
    expect(await again.text()).toBe("");
    // The browser keeps the policy its page came with (the nonce its scripts carry).
    expect(again.headers()["content-security-policy"], path).toBeUndefined();
    // A buyer with a cart gets the same page (it names nobody), so the same ETag answers for them.
    const buyer = await request.get(path, { headers: { "If-None-Match": etag, Cookie: "cart=anything" } });
    expect(buyer.status(), path).toBe(304);
  }
  // A page showing a toast is that browser's own: never shared or answered with a 304.
  const personal = await request.get("/category/abrasives/grinding-wheels", { headers: { Cookie: "toast=anything" } });
  expect(personal.headers()["cache-control"]).toBe("private, no-store");
  expect(personal.headers().etag).toBeUndefined();
  const other = await request.get("/category/abrasives/grinding-wheels?sort=rating-desc");
  const priceFirst = await request.get("/category/abrasives/grinding-wheels?sort=price-asc");
  expect(other.headers().etag).not.toBe(priceFirst.headers().etag);
});

test("bad listing parameters are ignored, never a server error", async ({ request }) => {
  for (const query of ["page=0", "page=banana", "sort=%27%3B--", "stock=1", `brand=${"x".repeat(300)}`, "page=1e99"]) {
    const response = await request.get(`/category/cutting-tools/reamers?${query}`);
    expect(response.status(), query).toBe(200);
  }
});

test("a product page shows its pictures, related products and, out of stock, a disabled Add to Cart", async ({
  page,
}) => {
  await page.goto("/products/torque-wrench-10-mm-chrome-wrn-100004");
  await expect(page.getByRole("heading", { level: 1, name: "Torque Wrench 10 mm Chrome" })).toBeVisible();
  const breadcrumb = page.getByRole("navigation", { name: "breadcrumb" });
  await expect(breadcrumb.getByRole("link", { name: "Hand Tools" })).toHaveAttribute("href", "/category/hand-tools");
  await expect(breadcrumb.getByRole("link", { name: "Wrenches" })).toHaveAttribute(
    "href",
    "/category/hand-tools/wrenches",
  );
  await expect(page.getByText("Part #: WRN-100004")).toBeVisible();
  await expect(page.getByText("Out of Stock", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Out of Stock: Torque Wrench 10 mm Chrome" })).toBeDisabled();
  await expect(page.getByLabel("Quantity")).toBeDisabled();
  await expect(page.getByRole("link", { name: "Get Quote for Bulk Orders" })).toHaveAttribute(
    "href",
    "/quotes/new?product=WRN-100004&qty=1",
  );

  // No picture of its own: its line drawing, alone, so no buttons to switch pictures.
  const images = page.getByRole("region", { name: "Product images" });
  await expect(images.getByRole("img", { name: "Torque Wrench 10 mm Chrome, image 1" })).toHaveAttribute(
    "src",
    "/images/products/drawings/torque-wrench-10-mm-chrome-wrn-100004.svg",
  );
  await expect(images.getByRole("button")).toHaveCount(0);

  const related = page.getByRole("region", { name: "Related Products" });
  await expect(related.getByRole("heading", { level: 3 }).first()).toBeVisible();
  await expectNoAccessibilityViolations(page);

  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(ld.offers.availability).toBe("https://schema.org/OutOfStock");

  await related.getByRole("heading", { level: 3 }).first().getByRole("link").click();
  await expect(page).toHaveURL(/\/products\/[a-z0-9-]+-wrn-1000\d\d$/);
});

test("the drawn product pictures are served as SVG, and an unknown one is 404", async ({ request }) => {
  const picture = await request.get("/images/products/grinding-wheels-1.svg");
  expect(picture.headers()["content-type"]).toContain("image/svg+xml");
  expect(await picture.text()).toContain("<svg");
  expect((await request.get("/images/products/no-such-thing-1.svg")).status()).toBe(404);
});

test("the old /collections links reach their listings, and an unknown one is 404", async ({ page }) => {
  const redirects: [string, string][] = [
    ["/collections/cutting-tools", "/category/cutting-tools"],
    ["/collections/safety", "/category/safety"],
    ["/collections/chemicals", "/category/chemicals"],
    ["/collections/electrical", "/category/electrical"],
    ["/collections/gloves", "/category/safety/gloves"],
    ["/collections/shop", "/shop"],
  ];
  for (const [from, to] of redirects) {
    await page.goto(from);
    await expect(page).toHaveURL(to);
  }
  expect((await page.goto("/collections/no-such-collection"))?.status()).toBe(404);
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
});

test("the abrasives landing counts each subcategory's real products", async ({ page }) => {
  await page.goto("/category/abrasives");
  await expect(page.getByRole("heading", { level: 1, name: "Abrasives" })).toBeVisible();
  const hero = page.getByRole("img", { name: "A grinding wheel, a flap disc and a sanding belt" });
  await expect(hero).toBeVisible();
  expect(await hero.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  const card = page.getByRole("link", { name: /^Sanding Belts [\d,]+ parts/ });
  const count = (await card.textContent())?.match(/([\d,]+) parts/)?.[1] ?? "";
  await expectNoAccessibilityViolations(page);
  await card.click();
  await expect(page).toHaveURL("/category/abrasives/sanding-belts");
  await expect(page.getByRole("link", { name: `All Products (${count.replace(/,/g, "")})` })).toBeVisible();
});

test("catalogue pages come from the page cache, each answer with its own CSP nonce, for buyers too", async ({
  request,
}) => {
  const path = "/products/cut-off-wheel-4-5-x-045-in-cw-45-045";
  const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1] ?? "";
  const first = await request.get(path);
  const second = await request.get(path);
  expect(second.headers()["x-page-cache"]).toBe("hit");
  const [one, two] = [
    nonceOf(first.headers()["content-security-policy"]),
    nonceOf(second.headers()["content-security-policy"]),
  ];
  expect(one).not.toBe("");
  expect(two).not.toBe(one);
  const html = await second.text();
  expect(html).toContain(`nonce="${two}"`);
  expect(html).not.toContain(one);
  // The page names nobody: a buyer with a cart gets it from the cache too; one with a toast to see does not.
  const buyer = await request.get(path, { headers: { Cookie: "cart=anything" } });
  expect(buyer.headers()["x-page-cache"]).toBe("hit");
  const toast = await request.get(path, { headers: { Cookie: "toast=anything" } });
  expect(toast.headers()["x-page-cache"]).toBeUndefined();
});
