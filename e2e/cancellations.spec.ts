import { expect, test } from "@playwright/test";
import {
  addWheels,
  confirmedBuyer,
  expectNoAccessibilityViolations,
  placeCardOrder,
  signIn,
  signInAsAdmin,
  subjectsMailedTo,
} from "./helpers";

const disc = "Flap Disc 80 Grit 4.5 in";

test("a buyer cancels one line of a card order by keyboard, sees the refund, then cancels the rest; the shipped line cannot be", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000); // two accounts sign in, an order is paid and shipped in part, each screen checked with axe
  const buyer = await confirmedBuyer(page, "cancel-buyer", "Lindqvist-Cancels");
  await signIn(page, buyer.email, buyer.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await addWheels(page, 2);
  await page.goto("/category/abrasives/flap-discs");
  await page.getByRole("button", { name: `Add to Cart: ${disc}` }).click();
  await expect(page.getByTestId("cart-badge")).toHaveText("3");
  const orderNumber = await placeCardOrder(page);

  // The store ships the disc; the wheels wait.
  const office = await (await browser.newContext()).newPage();
  await signInAsAdmin(office);
  await office.goto(`/admin/orders/${orderNumber}`);
  const ship = office.getByRole("form", { name: "Record a Shipment" });
  await ship.getByLabel("Carrier").selectOption("other");
  await ship.getByLabel("Quantity to ship of GW-45-001").fill("0");
  await ship.getByRole("button", { name: "Record Shipment" }).click();
  await expect(office.getByText(`Shipment recorded; order ${orderNumber} is partially shipped`)).toBeVisible();

  // One wheel cancelled, all by keyboard: the dialog names it and the refund as it is typed.
  await page.goto(`/account/orders/${orderNumber}`);
  const main = page.getByRole("main");
  await main.getByRole("button", { name: "Cancel Items" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Cancel items" });
  await expect(dialog.getByText("Once a line has shipped, it can only be returned.")).toBeVisible();
  await expect(dialog.getByLabel(/Quantity to cancel of FD-/)).toHaveCount(0);
  await expect(dialog.getByLabel("Quantity to cancel of GW-45-001")).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("3");
  await expect(dialog.getByText("Cancel 2 or fewer.")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel Items" })).toBeDisabled();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("1");
  await expect(dialog.getByText("Cancelling: 1 × GW-45-001")).toBeVisible();
  await expect(dialog.getByText("Refund to your card: $12.99")).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.keyboard.press("Enter");
  await expect(page.getByText("$12.99 is refunded to your card.")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(main.getByText("1 of 2 cancelled")).toBeVisible();
  await expect(main.getByText("$12.99 refunded to your card")).toBeVisible();
  await expect(main.getByText(/· Cancelled 1 × GW-45-001; \$12\.99 refunded to the card$/)).toBeVisible();

  // The rest: what has not shipped is the last wheel; the disc has shipped, so the order has shipped in full.
  await main.getByRole("button", { name: "Cancel Order" }).click();
  const whole = page.getByRole("dialog", { name: "Cancel this order?" });
  await expect(whole.getByLabel("Quantity to cancel of GW-45-001")).toHaveValue("1");
  await expect(whole.getByText("Refund to your card: $12.99")).toBeVisible();
  await whole.getByRole("button", { name: "Cancel Order" }).click();
  await expect(page.getByText("$12.99 is refunded to your card.")).toBeVisible();
  await expect(main.getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(main.getByText("$25.98 refunded to your card")).toBeVisible();
  // The order's totals as ordered, less what the cancelled items took off: the disc alone.
  await expect(main.getByRole("definition").filter({ hasText: "-$25.98" })).toBeVisible();
  await expect(main.getByRole("button", { name: "Cancel Items" })).toHaveCount(0);
  await expectNoAccessibilityViolations(page);

  // The shipped disc is refused by the server too, named, whatever the page offers.
  const refused = await page.request.post(`/account/orders/${orderNumber}.data`, {
    form: {
      intent: "cancelItems",
      orderNumber,
      seen: "3",
      "lines[0].orderItemId": "00000000-0000-4000-8000-000000000000",
      "lines[0].quantity": "1",
    },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(refused.status()).toBe(409);
  expect(await refused.text()).toContain("cannot be cancelled. Once a line has shipped, it can only be returned.");

  await expect
    .poll(() => subjectsMailedTo(buyer.email))
    .toEqual(expect.arrayContaining([`Items cancelled from your order: ${orderNumber}`]));
  await office.goto(`/admin/orders/${orderNumber}`);
  await expect(office.getByText("· $25.98 cancelled, $25.98 refunded")).toBeVisible();
  await expect(office.getByText("Cancelled", { exact: true })).toBeVisible();
  await office.close();
});
