import { expect, type Page, test } from "@playwright/test";
import {
  addWheels,
  approveTerms,
  confirmedBuyer,
  expectNoAccessibilityViolations,
  fillSignUp,
  linkMailedTo,
  openCart,
  payWithCard,
  signIn,
  uniqueEmail,
  wheel,
} from "./helpers";

async function signedInBuyerWithWheels(page: Page, name: string, count: number, lastName?: string) {
  const buyer = await confirmedBuyer(page, name, lastName);
  await signIn(page, buyer.email, buyer.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await addWheels(page, count);
  return buyer;
}

async function openCheckout(page: Page) {
  await page.goto("/checkout");
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Place Order - / })).toBeEnabled();
  return page.getByRole("main");
}

test("a buyer pays by card with 4242 4242 4242 4242 and sees the confirmation with the right figures; nobody else can open it", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000); // two buyers sign up and confirm by e-mail
  await signedInBuyerWithWheels(page, "card-buyer", 2);
  await (await openCart(page)).getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL("/checkout");
  const main = await openCheckout(page);

  // Prefilled from the profile; Oregon has no sales tax.
  await expect(main.getByLabel("First Name")).toHaveValue("Dana");
  await expect(main.getByLabel("City", { exact: true })).toHaveValue("Portland");
  await expect(main.getByLabel("Same as shipping address")).toBeChecked();
  await expect(main.getByLabel("Billing Address Line 1")).toHaveCount(0);
  await expect(main.getByRole("button", { name: "Place Order - $25.98" })).toBeVisible();
  await expect(main.getByRole("radio", { name: "Credit Card (Pay Now)" })).toBeChecked();
  await expect(main.getByRole("radio", { name: /Net 30 Terms/ })).toHaveCount(0);

  // Shipping to California: 25.98 × 8.25% = 2.14335, so $2.14 tax and $28.12 in all.
  await main.getByLabel("Phone").fill("5035550142");
  await main.getByLabel("State", { exact: true }).selectOption("CA");
  const summary = page.getByRole("complementary", { name: "Order Summary" });
  await expect(summary.getByText(`2 × $12.99`)).toBeVisible();
  await expect(summary.getByText("SKU: GW-45-001")).toBeVisible();
  await expect(summary.getByRole("definition").filter({ hasText: "$2.14" })).toBeVisible();
  await expect(summary.getByRole("definition").filter({ hasText: "FREE" })).toBeVisible();
  await expect(main.getByRole("button", { name: "Place Order - $28.12" })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await main.getByRole("button", { name: "Place Order - $28.12" }).click();
  const panel = page.getByRole("region", { name: "Payment Information" });
  await expect(panel.getByText("Secured by")).toBeVisible();
  await expect(panel.getByText("256-bit SSL encryption")).toBeVisible();
  await expect(panel.getByRole("button", { name: "Pay $28.12" })).toBeVisible();
  await expect(summary.getByRole("definition").filter({ hasText: "$28.12" })).toBeVisible();
  await expect(summary.locator("img")).toHaveAttribute("src", /\.svg$/);
  await expectNoAccessibilityViolations(page);
  await payWithCard(page, "4242 4242 4242 4242");

  await expect(page).toHaveURL(/\/order-confirmation\/ORD\d{13}[A-Z0-9]{5}$/);
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  await expect(page.getByText("Order placed successfully!")).toBeVisible();
  // The payment's toast stays in view, stacked behind the order's, however quickly the order follows.
  await expect(page.getByText("Payment successful!")).toBeVisible();
  await expect(
    page.getByText("Thank you for your order. We've received your order and will process it soon."),
  ).toBeVisible();
  const orderNumber = page.url().split("/").pop() ?? "";
  const details = page.getByRole("main");
  await expect(details.getByText(orderNumber)).toBeVisible();
  await expect(
    details.getByText(
      /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}$/,
    ),
  ).toBeVisible();
  await expect(details.getByText("Paid", { exact: true })).toBeVisible();
  await expect(details.getByText("2 × $12.99")).toBeVisible();
  await expect(details.getByText("SKU: GW-45-001")).toBeVisible();
  await expect(details.getByRole("definition").filter({ hasText: "$25.98" }).first()).toBeVisible();
  await expect(details.getByRole("definition").filter({ hasText: "$2.14" })).toBeVisible();
  await expect(details.getByRole("definition").filter({ hasText: "FREE" })).toBeVisible();
  await expect(details.getByRole("definition").filter({ hasText: "$28.12" }).first()).toBeVisible();
  await expect(details.getByText("Portland, CA 97201")).toBeVisible();
  await expect(details.getByText("Monday-Friday 8AM-6PM EST")).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  await expectNoAccessibilityViolations(page);

  await details.getByRole("link", { name: "View Order History" }).click();
  await page.getByRole("tab", { name: "Orders" }).click();
  await expect(page.getByText(orderNumber)).toBeVisible();

  const stranger = await browser.newPage();
  const other = await confirmedBuyer(stranger, "stranger");
  await signIn(stranger, other.email, other.password);
  await expect(stranger.getByText("Welcome back!")).toBeVisible();
  const response = await stranger.goto(`/order-confirmation/${orderNumber}`);
  expect(response?.status()).toBe(404);
  await expect(stranger.getByRole("heading", { name: "Order not found" })).toBeVisible();
  await expect(stranger.getByText(orderNumber)).toHaveCount(0);
  await stranger.getByRole("link", { name: "Return to Home" }).click();
  await expect(stranger).toHaveURL("/");
  await stranger.close();
});

test("a declined card shows its message, writes no order, and the buyer can pay again by keyboard", async ({
  page,
}) => {
  await signedInBuyerWithWheels(page, "declined", 1);
  const main = await openCheckout(page);
  await main.getByLabel("Phone").fill("5035550142");
  // On a phone, by keyboard: the focus and the view follow Place Order to the payment panel below
  // the order summary, and Edit Details gives the focus back to Place Order.
  await page.setViewportSize({ width: 375, height: 740 });
  const placeOrder = main.getByRole("button", { name: "Place Order - $12.99" });
  await placeOrder.focus();
  await page.keyboard.press("Enter");
  const panel = page.getByRole("region", { name: "Payment Information" });
  const heading = panel.getByRole("heading", { name: "Payment Information" });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  await page.keyboard.press("Tab");
  await expect(panel.getByLabel("Card number")).toBeFocused();
  await panel.getByRole("button", { name: "Edit Details" }).focus();
  await page.keyboard.press("Enter");
  await expect(placeOrder).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(heading).toBeFocused();
  await payWithCard(page, "4000 0000 0000 0002");
  await expect(page.getByText("Your card was declined.")).toBeVisible();
  const pay = page.getByRole("button", { name: "Pay $12.99" });
  await expect(pay).toBeEnabled();
  // Still at checkout (its query names the shipping state it is priced for).
  expect(new URL(page.url()).pathname).toBe("/checkout");

  const other = await page.context().newPage();
  await other.goto("/account");
  await other.getByRole("tab", { name: "Orders" }).click();
  await expect(other.getByText("No orders found")).toBeVisible();
  await other.close();

  // The keyboard alone: card number, Tab, expiry, Tab, CVC, Enter.
  await panel.getByLabel("Card number").fill("");
  await panel.getByLabel("Card number").focus();
  await page.keyboard.type("4242424242424242");
  await page.keyboard.press("Tab");
  await expect(panel.getByLabel("Expiration (MM/YY)")).toBeFocused();
  // Typed without the slash, the expiry is shown as MM/YY.
  await panel.getByLabel("Expiration (MM/YY)").fill("");
  await page.keyboard.type("1234");
  await expect(panel.getByLabel("Expiration (MM/YY)")).toHaveValue("12/34");
  await page.keyboard.press("Tab");
  await expect(panel.getByLabel("CVC")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/order-confirmation\/ORD/);
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
});

test("Net 30 is offered only once approved; an order within the limit is pending payment, one past it is refused", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000); // a buyer signs up, the admin signs in
  const lastName = `Terms${Date.now().toString(36)}`;
  await signedInBuyerWithWheels(page, "net30", 1, lastName);
  let main = await openCheckout(page);
  await expect(main.getByRole("radio", { name: /Net 30 Terms/ })).toHaveCount(0);

  await approveTerms(browser, lastName, "100");
  main = await openCheckout(page);
  const net30 = main.getByRole("radio", { name: "Net 30 Terms (Pay within 30 days) Approved" });
  await net30.check();
  await expect(main.getByText("Credit Limit: $100.00")).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await main.getByLabel("Phone").fill("5035550142");
  await main.getByRole("button", { name: "Place Order - $12.99" }).click();
  await expect(page.getByText("Net 30 order placed successfully! Payment due within 30 days.")).toBeVisible();
  await expect(page).toHaveURL(/\/order-confirmation\/ORD/);
  await expect(page.getByRole("main").getByText("Pending Payment", { exact: true })).toBeVisible();

  // $12.99 is owed; 8 more wheels ($103.92) would pass the $100 limit.
  await addWheels(page, 8);
  main = await openCheckout(page);
  await main.getByRole("radio", { name: /Net 30 Terms/ }).check();
  await main.getByRole("button", { name: "Place Order - $103.92" }).click();
  await expect(
    page.getByText("This order of $103.92 would exceed your Net 30 credit limit. Available credit: $87.01."),
  ).toBeVisible();
  await expect(page).toHaveURL("/checkout");
  await expect(page.getByTestId("cart-badge")).toHaveText("8");
});

test("checkout names every missing field, asks a guest to sign in and brings them back", async ({ page }) => {
  const buyer = await confirmedBuyer(page, "guest-checkout");
  await page.context().clearCookies();
  await addWheels(page, 1);
  const main = await openCheckout(page);
  await main.getByRole("button", { name: "Place Order - $14.03" }).click();
  for (const message of [
    "Invalid email address",
    "First name is required",
    "Last name is required",
    "Phone number must be at least 10 digits",
    "Address is required",
    "City is required",
    "State is required",
    "ZIP code must be at least 5 characters",
  ]) {
    await expect(main.getByText(message)).toBeVisible();
  }
  await main.getByLabel("Same as shipping address").uncheck();
  await expect(main.getByLabel("Billing Address Line 1")).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await main.getByLabel("Same as shipping address").check();

  await main.getByLabel("Email").fill(buyer.email);
  await main.getByLabel("First Name").fill("Dana");
  await main.getByLabel("Last Name").fill("Reyes");
  await main.getByLabel("Phone").fill("555-0142");
  await main.getByLabel("Address Line 1", { exact: true }).fill("100 Main St");
  await main.getByLabel("City", { exact: true }).fill("Portland");
  await main.getByLabel("State", { exact: true }).selectOption("OR");
  await main.getByLabel("ZIP", { exact: true }).fill("972");
  await main.getByRole("button", { name: "Place Order - $12.99" }).click();
  await expect(main.getByText("Phone number must be at least 10 digits")).toBeVisible();
  await expect(main.getByText("ZIP code must be at least 5 characters")).toBeVisible();
  await main.getByLabel("Phone").fill("503-555-0142");
  await main.getByLabel("ZIP", { exact: true }).fill("97201");
  await main.getByRole("button", { name: "Place Order - $12.99" }).click();

  await expect(page.getByText("Please sign in to complete your order")).toBeVisible();
  await expect(page).toHaveURL("/auth?redirectTo=/checkout");
  const form = page.getByRole("tabpanel", { name: "Sign In" });
  await form.getByLabel("Email").fill(buyer.email);
  await form.getByLabel("Password").fill(buyer.password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL("/checkout");
  await expect(page.getByRole("button", { name: "Place Order - $12.99" })).toBeVisible();
  // What the guest typed survived the detour (the account itself has no phone number).
  await expect(main.getByLabel("Phone")).toHaveValue("503-555-0142");
  await expect(main.getByLabel("ZIP", { exact: true })).toHaveValue("97201");

  // Ticking 'Same as shipping address' copies shipping into billing: unticked again, billing
  // starts from that copy, not from what was typed there before.
  await main.getByLabel("Same as shipping address").uncheck();
  await main.getByLabel("Billing City").fill("Tacoma");
  await main.getByLabel("Same as shipping address").check();
  await main.getByLabel("Same as shipping address").uncheck();
  await expect(main.getByLabel("Billing City")).toHaveValue("Portland");
  await expect(main.getByLabel("Billing Address Line 1")).toHaveValue("100 Main St");
});

test("a guest who creates an account from the checkout comes back to it, cart and all, after confirming the e-mail", async ({
  page,
}) => {
  await addWheels(page, 2);
  const main = await openCheckout(page);
  await main.getByRole("link", { name: "create an account" }).click();
  const buyer = { email: uniqueEmail("from-checkout"), password: "hunter22", firstName: "Dana", lastName: "Okafor" };
  await fillSignUp(page, buyer);

  // The confirmation link leads to the sign-in page, which sends the buyer on to the checkout.
  await page.goto(await linkMailedTo(buyer.email));
  await expect(page).toHaveURL("/auth?confirmed=1&redirectTo=%2Fcheckout");
  await expect(page.getByText("Email confirmed")).toBeVisible();
  const form = page.getByRole("tabpanel", { name: "Sign In" });
  await form.getByLabel("Email").fill(buyer.email);
  await form.getByLabel("Password").fill(buyer.password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL("/checkout");
  await expect(page.getByText("Welcome back!")).toBeVisible();
  const summary = page.getByRole("complementary", { name: "Order Summary" });
  await expect(summary.getByText(wheel)).toBeVisible();
  await expect(summary.getByText("2 × $12.99")).toBeVisible();
});

test("an empty cart at checkout goes home with 'Your cart is empty'", async ({ page }) => {
  await page.goto("/checkout");
  await expect(page).toHaveURL("/");
  await expect(page.getByText("Your cart is empty")).toBeVisible();
});
