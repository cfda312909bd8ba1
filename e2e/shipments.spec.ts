import { expect, test } from "@playwright/test";
import {
  addWheels,
  confirmedBuyer,
  expectNoAccessibilityViolations,
  payWithCard,
  signIn,
  signInAsAdmin,
  subjectsMailedTo,
} from "./helpers";

test("the admin ships an order in two parts by keyboard; the buyer sees both with tracking links and downloads a packing slip", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000); // two accounts sign in, an order is paid, and each screen is checked with axe
  const buyer = await confirmedBuyer(page, "shipments-buyer", "Okafor-Ships");
  await signIn(page, buyer.email, buyer.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await addWheels(page, 3);
  await page.goto("/checkout");
  const checkout = page.getByRole("main");
  await checkout.getByLabel("Phone").fill("5035550142");
  await checkout.getByRole("button", { name: "Place Order - $38.97" }).click();
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/order-confirmation\/ORD\d{13}[A-Z0-9]{5}$/);
  const orderNumber = page.url().split("/").pop() ?? "";
  // The same-day promise, by the store's cut-off and the day of the week.
  await expect(page.getByRole("main").getByText(/^Ships (today|next business day)$/)).toBeVisible();

  const office = await (await browser.newContext()).newPage();
  await signInAsAdmin(office);
  await office.goto("/admin/orders/to-ship");
  await expect(office.getByRole("heading", { level: 1, name: "To Ship Today" })).toBeVisible();
  await expectNoAccessibilityViolations(office);

  // Shipment 1: two of the three wheels, by UPS, all by keyboard.
  await office.goto(`/admin/orders/${orderNumber}`);
  const ship = office.getByRole("form", { name: "Record a Shipment" });
  await expect(ship.getByLabel("Quantity to ship of GW-45-001")).toHaveValue("3");
  await expectNoAccessibilityViolations(office);
  await ship.getByLabel("Carrier").focus();
  await office.keyboard.type("UPS");
  await expect(ship.getByLabel("Carrier")).toHaveValue("ups");
  await office.keyboard.press("Tab");
  await expect(ship.getByLabel("Tracking Number")).toBeFocused();
  await office.keyboard.type("1Z 999 AA1 0123456784");
  await office.keyboard.press("Tab");
  await expect(ship.getByLabel("Quantity to ship of GW-45-001")).toBeFocused();
  await office.keyboard.press("ControlOrMeta+a");
  await office.keyboard.type("2");
  await office.keyboard.press("Enter");
  await expect(office.getByText(`Shipment recorded; order ${orderNumber} is partially shipped`)).toBeVisible();
  await expect(office.getByText("Partially Shipped", { exact: true })).toBeVisible();

  // More than is left is refused, with how many may ship.
  await expect(ship.getByLabel("Quantity to ship of GW-45-001")).toHaveValue("1");
  await ship.getByLabel("Carrier").selectOption("other");
  await ship.getByLabel("Quantity to ship of GW-45-001").fill("2");
  await ship.getByRole("button", { name: "Record Shipment" }).click();
  await expect(
    office.getByText("GW-45-001: 3 ordered and 2 shipped, so 1 is left to ship. Ship 1 or fewer."),
  ).toBeVisible();

  // Shipment 2: the last wheel, by FedEx.
  await ship.getByLabel("Carrier").focus();
  await office.keyboard.type("FedEx");
  await expect(ship.getByLabel("Carrier")).toHaveValue("fedex");
  await office.keyboard.press("Tab");
  await office.keyboard.type("7489 2345 6789");
  await office.keyboard.press("Tab");
  await office.keyboard.press("ControlOrMeta+a");
  await office.keyboard.type("1");
  await office.keyboard.press("Enter");
  await expect(office.getByText(`Order ${orderNumber} has shipped in full`)).toBeVisible();
  await expect(office.getByRole("form", { name: "Record a Shipment" })).toHaveCount(0);
  await expectNoAccessibilityViolations(office);
  await office.close();

  // The buyer's order page: both shipments, each with its tracking link and packing slip.
  await page.goto(`/account/orders/${orderNumber}`);
  const detail = page.getByRole("main");
  await expect(detail.getByRole("heading", { name: /^Shipment 1 · / })).toBeVisible();
  await expect(detail.getByRole("heading", { name: /^Shipment 2 · / })).toBeVisible();
  await expect(detail.getByRole("link", { name: /1Z999AA10123456784/ })).toHaveAttribute(
    "href",
    "https://www.ups.com/track?tracknum=1Z999AA10123456784",
  );
  await expect(detail.getByRole("link", { name: /748923456789/ })).toHaveAttribute(
    "href",
    "https://www.fedex.com/fedextrack/?trknbr=748923456789",
  );
  await expect(detail.getByText("2 × Grinding Wheel 4.5 in (GW-45-001)")).toBeVisible();
  await expect(detail.getByText("Shipment 2 by FedEx 748923456789; all items have shipped")).toBeVisible();
  await expectNoAccessibilityViolations(page);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    detail.getByRole("link", { name: "Download packing slip 1 (PDF)" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`packing-slip-${orderNumber}-1.pdf`);
  await expect
    .poll(() => subjectsMailedTo(buyer.email))
    .toEqual(
      expect.arrayContaining([
        `Your order has shipped! ${orderNumber} (shipment 1)`,
        `Your order has shipped! ${orderNumber} (shipment 2)`,
      ]),
    );

  // Someone else's packing slip is not theirs to download.
  const stranger = await (await browser.newContext()).newPage();
  const other = await confirmedBuyer(stranger, "shipments-stranger", "Nakamura-Ships");
  await signIn(stranger, other.email, other.password);
  await expect(stranger.getByText("Welcome back!")).toBeVisible();
  const response = await stranger.request.get(`/account/orders/${orderNumber}/packing-slips/1.pdf`);
  expect(response.status()).toBe(404);
});
