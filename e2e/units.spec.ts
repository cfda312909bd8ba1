import { expect, test } from "@playwright/test";
import { expectNoAccessibilityViolations, openCart, waitForHydration } from "./helpers";

test("a box of 25 wheels is priced by the box with its price per wheel; rivets sold by the 25 refuse 30 in the cart and take 50", async ({
  page,
}) => {
  // A seeded cut-off wheel, sold by the box of 25 (server/catalog/seed/sale-units.ts).
  await page.goto("/products/cut-off-wheel-6-in-x-045-in-type-1-zirconia-cw-100001");
  await waitForHydration(page);
  const price = page.locator('[aria-live="polite"]').filter({ hasText: "Line total" });
  await expect(price).toContainText("$35.79 per box");
  await expect(price).toContainText("Box of 25 ($1.43 each)");
  await expect(price).toContainText("Line total for 1 box: $35.79");
  // Search engines read the same: the price is for a box, which holds 25 pieces.
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(ld.offers.priceSpecification).toEqual({
    "@type": "UnitPriceSpecification",
    price: "35.79",
    priceCurrency: "USD",
    unitCode: "BX",
    unitText: "Box of 25",
    referenceQuantity: { "@type": "QuantitativeValue", value: 25, unitCode: "EA" },
  });
  await page.getByLabel("Quantity (boxes)").fill("2");
  await expect(price).toContainText("Line total for 2 boxes: $71.58");
  await expectNoAccessibilityViolations(page);

  // Rivets sold loose in multiples of 25: the box starts at 25, and 30 is refused as it is typed.
  await page.goto("/products/push-pin-rivet-8-mm-hole-20-mm-head-nylon-ppn-25-008");
  await waitForHydration(page);
  const quantity = page.getByLabel("Quantity");
  await expect(quantity).toHaveValue("25");
  await expect(quantity).toHaveAttribute("step", "25");
  await quantity.fill("30");
  await expect(page.getByRole("status").filter({ hasText: "Sold in multiples of 25: 25 or 50?" })).toBeVisible();
  const add = page.getByRole("button", { name: "Add to Cart: Push Pin Rivet 8 mm Hole, 20 mm Head, Nylon" });
  await expect(add).toBeDisabled();
  await quantity.fill("25");
  await add.click();
  await expect(page.getByText("25 x Push Pin Rivet 8 mm Hole, 20 mm Head, Nylon added to cart!")).toBeVisible();

  // In the cart the server decides: 30 is refused with the nearest quantities, and the line keeps 25.
  const cart = await openCart(page);
  const line = cart.getByRole("spinbutton", { name: "Quantity of Push Pin Rivet 8 mm Hole, 20 mm Head, Nylon" });
  await line.fill("30");
  await line.press("Enter");
  await expect(page.getByText("Sold in multiples of 25: 25 or 50?")).toBeVisible();
  await expect(line).toHaveValue("25");
  await line.fill("50");
  await line.press("Enter");
  await expect(cart.getByText("$9.00", { exact: true }).first()).toBeVisible();
  await expect(line).toHaveValue("50");
  await expectNoAccessibilityViolations(page);
});
