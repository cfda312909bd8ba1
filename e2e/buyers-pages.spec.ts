// A signed-in buyer with a cart gets the catalogue's shared pages (from the page cache, public), and
// the header fills in their own parts once their own request answers: Account and Sign Out, the
// cart's count and lines (docs/decisions/buyers-pages.md).
import { expect, test } from "@playwright/test";
import {
  addWheels,
  confirmedBuyer,
  expectNoAccessibilityViolations,
  holdRequests,
  openCart,
  signIn,
  waitForHydration,
  wheel,
} from "./helpers";

const PRODUCT = "/products/grinding-wheel-4-5-in-gw-45-001";

test("a signed-in buyer with a cart gets the shared page, and the header shows their account and cart", async ({
  page,
}) => {
  test.setTimeout(90_000); // signs up, confirms by e-mail, signs in twice
  const buyer = await confirmedBuyer(page, "shared-pages");
  await signIn(page, buyer.email, buyer.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await addWheels(page, 2);

  for (const path of [PRODUCT, "/category/abrasives/grinding-wheels", "/search?q=grinding%20wheel"]) {
    const answer = await page.goto(path);
    expect(answer?.headers()["cache-control"], path).toMatch(/^public, max-age=300/);
    // The document names nobody: the buyer's own parts come after it.
    expect(await answer?.text(), path).not.toContain(buyer.email);
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("button", { name: "Sign Out" })).toBeVisible();
    await expect(banner.getByRole("link", { name: "Account", exact: true })).toBeVisible();
    await expect(banner.getByRole("link", { name: "Sign In" })).toHaveCount(0);
    await expect(page.getByTestId("cart-badge")).toHaveText("2");
    await expect(banner.getByRole("button", { name: "Shopping cart, 2 items" })).toBeVisible();
  }

  // Adding from the shared product page, and the popover, by keyboard.
  await waitForHydration(page);
  await page.goto(PRODUCT);
  await waitForHydration(page);
  await page.getByRole("button", { name: `Add to Cart: ${wheel}` }).click();
  await expect(page.getByTestId("cart-badge")).toHaveText("3");
  const cartButton = page.getByRole("banner").getByRole("button", { name: /^Shopping cart/ });
  await cartButton.focus();
  await page.keyboard.press("Enter");
  const popover = page.getByRole("dialog", { name: "Shopping Cart" });
  await expect(popover.getByText(wheel)).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.keyboard.press("Escape");

  // Signing out from the shared page: the header says so, and the cart is the guest's (empty).
  await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  await page.goto(PRODUCT);
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign Out" })).toHaveCount(0);
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);

  // Signing in again from the shared page's header link: the header knows them at once.
  await signIn(page, buyer.email, buyer.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await page.goto(PRODUCT);
  await expect(page.getByTestId("cart-badge")).toHaveText("3");
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign Out" })).toBeVisible();
  const popoverAgain = await openCart(page);
  await expect(popoverAgain.getByText(wheel)).toBeVisible();
});

test("the header keeps the room for its links while it asks who is signed in", async ({ page }) => {
  // The buyer's own request held back: the header shows the neutral Account link in the same place.
  const release = await holdRequests(page, "**/api/cart*");
  await page.goto(PRODUCT);
  await waitForHydration(page);
  const banner = page.getByRole("banner");
  const account = banner.getByRole("link", { name: "Account", exact: true });
  await expect(account).toBeVisible();
  await expect(banner.getByRole("link", { name: "Sign In" })).toHaveCount(0);
  const before = await page.getByRole("search").boundingBox();
  release();
  await expect(banner.getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(account).toHaveCount(0);
  expect(await page.getByRole("search").boundingBox()).toEqual(before);
});
