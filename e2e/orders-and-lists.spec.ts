import { expect, type Page, test } from "@playwright/test";
import { mailCatcherUrl } from "../playwright.config";
import {
  addWheels,
  confirmedBuyer,
  expectNoAccessibilityViolations,
  openCart,
  payWithCard,
  signIn,
  signInAsAdmin,
  subjectsMailedTo,
  waitForHydration,
  wheel,
} from "./helpers";

/** The page as it is now fits a phone's width: nothing scrolls sideways. */
async function expectToFitPhoneWidth(page: Page) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  if (size) await page.setViewportSize(size);
}

test("a buyer opens an order from My Account, reorders it, builds a list from a paste and orders it; the admin ships it with a carrier and tracking number", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000); // two accounts sign in, an order is paid, and each screen is checked with axe
  const buyer = await confirmedBuyer(page, "reorder-buyer", "Okonkwo-Lists");
  await signIn(page, buyer.email, buyer.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await addWheels(page, 2);
  await page.goto("/checkout");
  const checkout = page.getByRole("main");
  await checkout.getByLabel("Phone").fill("5035550142");
  await checkout.getByRole("button", { name: "Place Order - $25.98" }).click();
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/order-confirmation\/ORD\d{13}[A-Z0-9]{5}$/);
  const orderNumber = page.url().split("/").pop() ?? "";
  await expect(page.getByRole("link", { name: "View Order Details" })).toHaveAttribute(
    "href",
    `/account/orders/${orderNumber}`,
  );

  // From My Account's order card to the order's own page.
  await page.goto("/account");
  await page.getByRole("tab", { name: "Orders" }).click();
  await page.getByRole("link", { name: `Order #${orderNumber}` }).click();
  await expect(page).toHaveURL(`/account/orders/${orderNumber}`);
  const detail = page.getByRole("main");
  await expect(detail.getByRole("heading", { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
  await expect(detail.getByText("2 × $12.99")).toBeVisible();
  await expect(detail.getByText("Credit Card")).toBeVisible();
  await expect(detail.getByText(/^Paid [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(detail.getByText("Order placed and paid by card")).toBeVisible();
  await expect(detail.getByRole("heading", { name: "Billing Address" })).toBeVisible();
  await expect(detail.getByText("Portland, OR 97201").first()).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // Reorder the whole order, then the line chosen: into the cart at today's price.
  await waitForHydration(page);
  await detail.getByRole("button", { name: "Reorder All" }).click();
  await expect(page.getByText("Added 1 item(s) to cart")).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveText("2");
  await detail.getByRole("checkbox", { name: `Choose ${wheel}` }).check();
  await detail.getByRole("button", { name: "Reorder Selected (1)" }).click();
  await expect(page.getByTestId("cart-badge")).toHaveText("4");

  // A list from a paste: the unknown part number is named, the known one kept.
  await page.goto("/account/lists");
  await expect(page.getByRole("heading", { level: 1, name: "Saved Lists" })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByLabel("List name").fill("Weekly consumables");
  await page.getByLabel(/^Part numbers/).fill("GW-45-001, 3\nNOPE-123, 1");
  await page.getByRole("button", { name: "Create List" }).click();
  await expect(page.getByText('List "Weekly consumables" created with 1 item(s)')).toBeVisible();
  await expect(page.getByText("Part number not found: NOPE-123")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Weekly consumables" })).toBeVisible();
  const list = page.getByRole("main");
  const quantity = list.getByLabel(`Quantity of ${wheel}`, { exact: true });
  await expect(quantity).toHaveValue("3");
  await expectNoAccessibilityViolations(page);
  await quantity.fill("5");
  await list.getByRole("button", { name: `Update quantity of ${wheel}` }).click();
  await expect(page.getByText("Quantity updated")).toBeVisible();
  await waitForHydration(page);
  await list.getByRole("button", { name: "Add List to Cart" }).click();
  await expect(page.getByTestId("cart-badge")).toHaveText("9");
  await expectToFitPhoneWidth(page);

  // Add to List from the product page, onto the list just made.
  await page.goto("/products/grinding-wheel-4-5-in-gw-45-001");
  await waitForHydration(page);
  await page.getByRole("button", { name: `Add to List: ${wheel}` }).click();
  const dialog = page.getByRole("dialog", { name: "Add to List" });
  await expect(dialog.getByLabel("List", { exact: true })).toHaveValue(/.+/);
  await expect(dialog.getByRole("option", { name: "Weekly consumables" })).toBeAttached();
  await expectNoAccessibilityViolations(page);
  await dialog.getByRole("button", { name: "Save to List" }).click();
  await expect(page.getByText('Added to "Weekly consumables"')).toBeVisible();

  // The admin ships the order with a carrier and a tracking number.
  const office = await (await browser.newContext()).newPage();
  await signInAsAdmin(office);
  await office.goto(`/admin/orders/${orderNumber}`);
  await office.getByRole("button", { name: "Mark as Processing" }).click();
  await expect(office.getByText(`Order ${orderNumber} is now Processing`)).toBeVisible();
  const ship = office.getByRole("form", { name: "Record a Shipment" });
  await ship.getByLabel("Carrier").selectOption("FedEx");
  await ship.getByLabel("Tracking Number").fill("7489 2345 6789");
  await expectNoAccessibilityViolations(office);
  await ship.getByRole("button", { name: "Record Shipment" }).click();
  await expect(office.getByText(`Order ${orderNumber} has shipped in full`)).toBeVisible();
  await expect(office.getByRole("main").getByText("748923456789")).toBeVisible();
  // The admin is another account: the buyer's order page is not theirs.
  await office.goto(`/account/orders/${orderNumber}`);
  await expect(office.getByRole("heading", { name: "Order not found" })).toBeVisible();
  await office.close();

  // The buyer sees the shipment and gets the e-mail with a link to the order.
  await page.goto(`/account/orders/${orderNumber}`);
  await expect(detail.getByText("FedEx", { exact: true })).toBeVisible();
  await expect(detail.getByRole("link", { name: /748923456789/ })).toHaveAttribute(
    "href",
    "https://www.fedex.com/fedextrack/?trknbr=748923456789",
  );
  await expect(detail.getByText("Shipment 1 by FedEx 748923456789; all items have shipped")).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await expectToFitPhoneWidth(page);
  await expect
    .poll(() => subjectsMailedTo(buyer.email))
    .toContain(`Your order has shipped! ${orderNumber} (shipment 1)`);
  const mails = (await (await fetch(`${mailCatcherUrl}/messages?to=${encodeURIComponent(buyer.email)}`)).json()) as {
    messages: { raw: string }[];
  };
  const shipped = mails.messages.find((mail) => mail.raw.includes("Your order has shipped!"))?.raw ?? "";
  expect(shipped).toContain("Carrier: FedEx");
  expect(shipped).toContain("Tracking Number: 748923456789");
  expect(shipped).toContain(`/account/orders/${orderNumber}`);

  // A visitor is sent to sign in, and back afterwards.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/account/orders/${orderNumber}`);
  await expect(visitor).toHaveURL(`/auth?redirectTo=${encodeURIComponent(`/account/orders/${orderNumber}`)}`);
  await visitor.close();
});

test("a buyer saves the cart to a new list from the cart popover, and it stays open behind the dialog", async ({
  page,
}) => {
  const buyer = await confirmedBuyer(page, "cart-list-buyer", "Okonkwo-Cart");
  await signIn(page, buyer.email, buyer.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await addWheels(page, 3);
  const popover = await openCart(page);
  await popover.getByRole("button", { name: "Save Cart to List" }).click();
  const dialog = page.getByRole("dialog", { name: "Add to List" });
  await expect(dialog.getByText("Save this item to a list to order again later.")).toBeVisible();
  await dialog.getByLabel("List", { exact: true }).selectOption({ label: "New list…" });
  await dialog.getByLabel("New list name").fill("Cart on Monday");
  await expectNoAccessibilityViolations(page);
  // The dialog is above the popover: its button is the one pressed, not the popover's Checkout beneath.
  await dialog.getByRole("button", { name: "Save to List" }).click();
  await expect(page.getByText('Added to "Cart on Monday"')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(popover).toBeVisible();
  await expect(popover.getByRole("button", { name: "Save Cart to List" })).toBeFocused();

  await page.goto("/account/lists");
  await page.getByRole("link", { name: "Cart on Monday" }).click();
  const list = page.getByRole("main");
  await expect(list.getByText(wheel, { exact: true })).toBeVisible();
  await expect(list.getByLabel(`Quantity of ${wheel}`, { exact: true })).toHaveValue("3");
});
