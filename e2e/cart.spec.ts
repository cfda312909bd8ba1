import { expect, test } from "@playwright/test";
import { confirmedBuyer, expectNoAccessibilityViolations, holdRequests, signIn, waitForHydration } from "./helpers";

const wheel = "Grinding Wheel 4.5 in";
const disc = "Flap Disc 80 Grit 4.5 in";

test("a guest adds from a listing, changes quantities in the cart popover and removes a line", async ({ page }) => {
  await page.goto("/category/abrasives/grinding-wheels");
  const cartButton = page.getByRole("banner").getByRole("button", { name: /^Shopping cart/ });
  await expect(cartButton).toHaveAccessibleName("Shopping cart");
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);

  await page.getByRole("button", { name: `Add to Cart: ${wheel}` }).click();
  await expect(page.getByText(`${wheel} added to cart!`)).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  await page.getByRole("button", { name: `Add to Cart: ${wheel}` }).click();
  await expect(page.getByTestId("cart-badge")).toHaveText("2");
  // The toaster shows the two newest toasts in full, the newer first.
  const added = page.locator("[data-sonner-toast]").filter({ hasText: `${wheel} added to cart!` });
  await expect(added).toHaveCount(2);
  await expect(added.nth(0)).toBeVisible();
  await expect(added.nth(1)).toBeVisible();

  await page.goto("/category/abrasives/flap-discs");
  await page.getByRole("button", { name: `Add to Cart: ${disc}` }).click();
  await expect(page.getByTestId("cart-badge")).toHaveText("3");

  await cartButton.click();
  const popover = page.getByRole("dialog", { name: "Shopping Cart" });
  await expect(popover.getByText(wheel)).toBeVisible();
  await expect(popover.getByText("$12.99 each")).toBeVisible();
  // 2 x 12.99 + 8.49 = 34.47; a guest pays the default 8% tax: 2.76
  await expect(popover.getByRole("definition").filter({ hasText: "$34.47" })).toBeVisible();
  await expect(popover.getByRole("definition").filter({ hasText: "$2.76" })).toBeVisible();
  await expect(popover.getByRole("definition").filter({ hasText: "$37.23" })).toBeVisible();

  const promo = popover.getByLabel("Promo code");
  await expect(popover.getByRole("button", { name: "Apply" })).toBeDisabled();
  await promo.fill("   ");
  await expect(popover.getByRole("button", { name: "Apply" })).toBeDisabled();
  await promo.press("Enter");
  await expect(page.getByText("Please enter a promo code")).toBeVisible();
  await promo.fill("nosuchcode");
  await expect(promo).toHaveValue("NOSUCHCODE");
  await promo.press("Enter");
  await expect(page.getByText("Invalid promo code")).toBeVisible();
  // On a short screen the toast in the bottom corner meets the popover: the popover stays on top.
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 560 });
  await popover.getByRole("link", { name: "Checkout" }).click({ trial: true, timeout: 3000 });
  if (viewport) await page.setViewportSize(viewport);
  await expectNoAccessibilityViolations(page);
  await popover.getByRole("button", { name: `Increase quantity of ${wheel}` }).click();
  await expect(page.getByTestId("cart-badge")).toHaveText("4");
  // A quantity can be typed too: sent on Enter; nonsense goes back, and the stock is the limit.
  const wheelQuantity = popover.getByLabel(`Quantity of ${wheel}`, { exact: true });
  await expect(wheelQuantity).toHaveValue("3");
  await wheelQuantity.fill("12");
  await wheelQuantity.press("Enter");
  await expect(page.getByTestId("cart-badge")).toHaveText("13");
  await wheelQuantity.fill("0");
  await wheelQuantity.press("Enter");
  await expect(wheelQuantity).toHaveValue("12");
  await wheelQuantity.fill("99999");
  await wheelQuantity.press("Enter");
  await expect(page.getByText(/^Only [\d,]+ in stock for GW-45-001; ask for [\d,]+ or fewer\.$/)).toBeVisible();
  await expect(wheelQuantity).toHaveValue("12");
  await wheelQuantity.fill("3");
  await wheelQuantity.press("Tab");
  await expect(page.getByTestId("cart-badge")).toHaveText("4");
  await expect(popover.getByRole("button", { name: `Increase quantity of ${wheel}` })).toBeFocused();
  // A line removed takes its pressed button with it: the focus goes to the Remove button in its
  // place, or to the title once the cart is empty, and stays in the popover.
  await popover.getByRole("button", { name: `Decrease quantity of ${disc}` }).press("Enter");
  await expect(popover.getByText(disc)).toHaveCount(0);
  await expect(page.getByTestId("cart-badge")).toHaveText("3");
  await expect(popover.getByRole("button", { name: `Remove ${wheel}` })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(popover.getByText("Your cart is empty")).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  await expect(popover.getByRole("heading", { name: "Shopping Cart" })).toBeFocused();

  // The button toggles the popover (its code loaded on first use), and Escape gives it the focus back.
  await cartButton.click();
  await expect(popover).toBeHidden();
  await cartButton.click();
  await expect(popover).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(popover).toBeHidden();
  await expect(cartButton).toBeFocused();

  // A third toast hides the oldest (after the newer in the list), not only fades it: its close
  // button is out of the tab order.
  for (const count of ["1", "2", "3"]) {
    await page.getByRole("button", { name: `Add to Cart: ${disc}` }).click();
    await expect(page.getByTestId("cart-badge")).toHaveText(count);
  }
  const discAdded = page.locator("[data-sonner-toast]").filter({ hasText: `${disc} added to cart!` });
  await expect(discAdded).toHaveCount(3);
  await expect(discAdded.nth(1)).toBeVisible();
  await expect(discAdded.nth(2)).toHaveCSS("visibility", "hidden");
  await expectNoAccessibilityViolations(page);
});

test("Add to Cart waits for the buyer's cart, so an add is not overwritten by the first, older answer", async ({
  page,
}) => {
  // The header's first cart request first asks where /api/cart is; that question is held here.
  const release = await holdRequests(
    page,
    (url) => url.pathname === "/__manifest" && (url.searchParams.get("paths") ?? "").includes("/api/cart"),
  );
  await page.goto("/category/abrasives/grinding-wheels");
  await waitForHydration(page);
  const add = page.getByRole("button", { name: `Add to Cart: ${wheel}` });
  await expect(add).toBeDisabled();
  release();

  await add.click();
  await expect(page.getByText(`${wheel} added to cart!`)).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
});

test("a guest's cart survives a reload and joins the account's cart at sign-in", async ({ page }) => {
  const buyer = await confirmedBuyer(page, "merger");
  await signIn(page, buyer.email, buyer.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await page.goto("/category/abrasives/flap-discs");
  await page.getByRole("button", { name: `Add to Cart: ${disc}` }).click();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);

  await page.goto("/category/abrasives/flap-discs");
  await page.getByRole("button", { name: `Add to Cart: ${disc}` }).click();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  await page.goto("/category/abrasives/grinding-wheels");
  await page.getByRole("button", { name: `Add to Cart: ${wheel}` }).click();
  await expect(page.getByTestId("cart-badge")).toHaveText("2");
  await page.reload();
  await expect(page.getByTestId("cart-badge")).toHaveText("2");

  await signIn(page, buyer.email, buyer.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveText("3");
  await page
    .getByRole("banner")
    .getByRole("button", { name: /^Shopping cart/ })
    .click();
  const popover = page.getByRole("dialog", { name: "Shopping Cart" });
  await expect(popover.getByLabel(`Quantity of ${disc}`, { exact: true })).toHaveValue("2");
  await expect(popover.getByLabel(`Quantity of ${wheel}`, { exact: true })).toHaveValue("1");
});

test("bad cart requests get a clear message and leave the cart as it was", async ({ page, baseURL }) => {
  const post = (form: Record<string, string>) =>
    page.request.post("/api/cart", { form, headers: { Origin: baseURL ?? "" } });
  for (const [form, status, message] of [
    [{ intent: "add", productId: "not-a-product", quantity: "1" }, 400, "That product is no longer available."],
    [
      { intent: "add", productId: "00000000-0000-4000-8000-000000000000", quantity: "1" },
      404,
      "That product is no longer available.",
    ],
    [
      { intent: "add", productId: "00000000-0000-4000-8000-000000000000", quantity: "1.5" },
      400,
      "Quantity must be a whole number.",
    ],
    [
      { intent: "add", productId: "00000000-0000-4000-8000-000000000000", quantity: "-3" },
      400,
      "Quantity must be at least 1.",
    ],
    [
      { intent: "add", productId: "00000000-0000-4000-8000-000000000000", quantity: "1000000000" },
      400,
      "Quantity can be at most 100,000.",
    ],
    // What only JavaScript reads as a number: 16 and 100.
    [
      { intent: "add", productId: "00000000-0000-4000-8000-000000000000", quantity: "0x10" },
      400,
      "Quantity must be a whole number.",
    ],
    [
      { intent: "add", productId: "00000000-0000-4000-8000-000000000000", quantity: "1e2" },
      400,
      "Quantity must be a whole number.",
    ],
    [{ intent: "explode" }, 400, undefined],
  ] as const) {
    const response = await post(form);
    expect(response.status(), JSON.stringify(form)).toBe(status);
    if (message) expect(await response.text()).toContain(message);
  }
  const cart = await page.request.get("/api/cart");
  expect(await cart.json()).toMatchObject({ cart: { lines: [], count: 0, total: "0.00" } });
});

test("Quick Order adds known part numbers at their real price and names the unknown ones", async ({ page }) => {
  await page.goto("/");
  // The dialog's code loads on first use; Escape closes it and gives the focus back to its button.
  const quickOrder = page.getByRole("button", { name: "Quick Order" });
  await quickOrder.click();
  const dialog = page.getByRole("dialog", { name: "Quick Order" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(quickOrder).toBeFocused();
  await quickOrder.press("Enter");
  await expect(dialog.getByRole("button", { name: "Remove row 1" })).toBeDisabled();
  await dialog.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("No items to add")).toBeVisible();
  await expect(page.getByText("Please enter at least one part number.")).toBeVisible();

  await dialog.getByLabel("Part Number, row 1").fill("gw 45 001");
  await dialog.getByLabel("Qty, row 1").fill("3");
  await dialog.getByRole("button", { name: "Add Another Item" }).click();
  await dialog.getByLabel("Part Number, row 2").fill("NOPE-999");
  // A quantity of 0 or less is never turned into another: nothing is added, and the row says why.
  for (const refused of ["0", "-4"]) {
    await dialog.getByLabel("Qty, row 2").fill(refused);
    await dialog.getByLabel("Qty, row 2").blur();
    await expect(dialog.getByLabel("Qty, row 2")).toHaveValue(refused);
    await dialog.getByRole("button", { name: "Add to Cart" }).click();
    await expect(dialog.getByLabel("Qty, row 2")).toHaveAccessibleDescription("Quantity must be at least 1.");
    await expect(dialog.getByLabel("Qty, row 2")).toBeFocused();
    await expect(page.getByTestId("cart-badge")).toBeHidden();
  }
  await expectNoAccessibilityViolations(page);
  // Corrected, the message goes.
  await dialog.getByLabel("Qty, row 2").fill("1");
  await expect(dialog.getByText("Quantity must be at least 1.")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Add Another Item" }).click();
  await expect(dialog.getByRole("button", { name: "Remove row 3" })).toBeEnabled();
  await dialog.getByRole("button", { name: "Remove row 3" }).click();
  await expectNoAccessibilityViolations(page);
  await dialog.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added 1 item(s) to cart")).toBeVisible();
  await expect(page.getByText("Part number not found: NOPE-999")).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveText("3");
  // The unknown row stays in the dialog, marked, for the buyer to correct; the added one is gone.
  await expect(dialog.getByLabel("Part Number, row 1")).toHaveValue("NOPE-999");
  await expect(dialog.getByLabel("Part Number, row 1")).toHaveAccessibleDescription("Part number not found");
  await expect(dialog.getByLabel("Part Number, row 2")).toHaveCount(0);
  await expectNoAccessibilityViolations(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  // Reopened, it starts again from one empty row; a pasted list fills the rows.
  await page.getByRole("button", { name: "Quick Order" }).click();
  await expect(dialog.getByLabel("Part Number, row 1")).toHaveValue("");
  await expect(dialog.getByLabel("Part Number, row 2")).toHaveCount(0);
  await dialog.getByLabel("Part Number, row 1").focus();
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.setData("text", "FD-80-001, 2\nCW-45-045\t100\n");
    document.activeElement?.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  });
  await expect(dialog.getByLabel("Part Number, row 2")).toHaveValue("CW-45-045");
  await expect(dialog.getByLabel("Qty, row 2")).toHaveValue("100");
  await dialog.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added 2 item(s) to cart")).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveText("105");

  await page
    .getByRole("banner")
    .getByRole("button", { name: /^Shopping cart/ })
    .click();
  const popover = page.getByRole("dialog", { name: "Shopping Cart" });
  // 100 cut-off wheels reach the $1.98 bulk tier.
  await expect(popover.getByRole("listitem").filter({ hasText: "CW-45-045" })).toContainText("$1.98 each");
  await expect(popover.getByRole("listitem").filter({ hasText: "CW-45-045" })).toContainText("$198.00");
});
