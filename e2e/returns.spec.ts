import { expect, test } from "@playwright/test";
import { eq } from "drizzle-orm";
import { orderItems, orders } from "../server/db/schema";
import { recordShipment } from "../server/orders/shipments";
import { fixtureAdmin } from "../test/quote-fixtures";
import {
  addWheels,
  approveTerms,
  confirmedBuyer,
  expectNoAccessibilityViolations,
  placeCardOrder,
  signIn,
  signInAsAdmin,
  spareStore,
  subjectsMailedTo,
  waitForHydration,
} from "./helpers";

test("a buyer on terms asks by keyboard to return one shipped wheel; the admin approves (RMA PDF), receives it with restock, and the credit memo shows in the credit centre", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000); // sign-up, the admin's grant, an order and its shipment come first
  const lastName = `Returner${Date.now().toString(36)}`;
  const buyer = await confirmedBuyer(page, "returner", lastName);
  await approveTerms(browser, lastName, "1000");
  await signIn(page, buyer.email, buyer.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  // 2 × $12.99, Oregon: no tax.
  await addWheels(page, 2);
  await page.goto("/checkout");
  const checkout = page.getByRole("main");
  await checkout.getByRole("radio", { name: /^Net 30 Terms/ }).check();
  await checkout.getByLabel("Phone").fill("5035550142");
  await checkout.getByRole("button", { name: "Place Order - $25.98" }).click();
  await expect(page).toHaveURL(/\/order-confirmation\/ORD\d{13}[A-Z0-9]{5}$/);
  const orderNumber = page.url().split("/").pop() ?? "";

  const office = await (await browser.newContext()).newPage();
  await signInAsAdmin(office);
  await office.goto(`/admin/orders/${orderNumber}`);
  const ship = office.getByRole("form", { name: "Record a Shipment" });
  await ship.getByLabel("Carrier").selectOption("other");
  await ship.getByRole("button", { name: "Record Shipment" }).click();
  await expect(office.getByText(`Order ${orderNumber} has shipped in full`)).toBeVisible();

  // The buyer asks to return one of the two wheels, by keyboard only.
  await page.goto(`/account/orders/${orderNumber}`);
  // Hydrated first: before it, the browser's own check of max= would stop the too-many request below.
  await waitForHydration(page);
  const main = page.getByRole("main");
  await expect(main.getByText("Shipped parts can be returned within 30 days of their shipment.")).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await main.getByLabel("Quantity of GW-45-001 to return").focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("1");
  await page.keyboard.press("Tab");
  await expect(main.getByLabel("Reason")).toBeFocused();
  await page.keyboard.type("Damaged");
  await expect(main.getByLabel("Reason")).toHaveValue("damaged");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Two wheels arrived cracked; one is usable.");
  await page.keyboard.press("Tab");
  await expect(main.getByRole("button", { name: "Request Return" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Return requested", { exact: true })).toBeVisible();
  await expect(main.getByText("Return · Requested")).toBeVisible();

  // More than is left is refused by the server, saying how many may still be returned.
  await main.getByLabel("Quantity of GW-45-001 to return").fill("2");
  await main.getByLabel("Reason").selectOption("not_needed");
  await main.getByRole("button", { name: "Request Return" }).click();
  await expect(
    main.getByText(
      "GW-45-001: 2 shipped and 1 already returned or asked to return, so 1 can be returned. Return 1 or fewer.",
    ),
  ).toBeVisible();

  // The admin approves it: an RMA number and the authorisation to download.
  await office.goto("/admin/returns");
  await expect(office.getByRole("heading", { level: 1, name: "Returns" })).toBeVisible();
  await expectNoAccessibilityViolations(office);
  await office.getByRole("row").filter({ hasText: orderNumber }).getByRole("link").first().click();
  await office.getByRole("button", { name: "Approve Return" }).click();
  await expect(office.getByText(/^Return approved as RMA-\d{6}$/)).toBeVisible();
  const rma =
    /RMA-\d{6}/.exec((await office.getByText(/^Return approved as RMA-\d{6}$/).textContent()) ?? "")?.[0] ?? "";
  const download = office.waitForEvent("download");
  await office.getByRole("link", { name: `Download return authorisation ${rma} (PDF)` }).click();
  expect((await download).suggestedFilename()).toBe(`${rma}.pdf`);
  await expectNoAccessibilityViolations(office);

  // The wheel arrives: back in stock, and a credit memo of $12.99 lowers the invoice.
  await expect(office.getByLabel("Restock 1 × GW-45-001 Grinding Wheel 4.5 in")).toBeChecked();
  await office.getByRole("button", { name: "Receive and Issue Credit Memo" }).click();
  await expect(office.getByText(/^Return received; credit memo CM-\d{6} issued$/)).toBeVisible();
  const memo =
    /CM-\d{6}/.exec(
      (await office.getByText(/^Return received; credit memo CM-\d{6} issued$/).textContent()) ?? "",
    )?.[0] ?? "";
  await office.close();

  await page.goto("/account/credit");
  const credit = page.getByRole("main");
  const memos = credit.getByRole("table", { name: "Credit Memos" });
  await expect(memos.getByRole("row").filter({ hasText: memo })).toContainText("-$12.99");
  const figure = (term: string) => credit.getByText(term, { exact: true }).locator("xpath=following-sibling::dd[1]");
  await expect(figure("Used Credit")).toHaveText("$12.99");
  await expectNoAccessibilityViolations(page);
  await expect
    .poll(() => subjectsMailedTo(buyer.email))
    .toEqual(
      expect.arrayContaining([
        `We received your return request for order ${orderNumber}`,
        `Return approved: ${rma} for order ${orderNumber}`,
        `Credit memo ${memo}: your return ${rma} arrived`,
      ]),
    );
});

test("a part shipped more than 30 days ago cannot be returned, and the order page says when its window closed", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // The shipment has to be 40 days old: it is recorded, by the back office's own code, on a store of
  // the test's own while that store is stopped (only its process can open its embedded database).
  const store = await spareStore();
  try {
    await store.start();
    const context = await browser.newContext({ baseURL: store.base });
    const page = await context.newPage();
    const buyer = await confirmedBuyer(page, "late-returner", "Latimer");
    await signIn(page, buyer.email, buyer.password);
    await expect(page.getByText("Welcome back!")).toBeVisible();
    await addWheels(page, 1);
    const orderNumber = await placeCardOrder(page);

    await store.writeWhileStopped(async ({ db }) => {
      const lines = await db
        .select({ orderItemId: orderItems.id, quantity: orderItems.quantity })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(eq(orders.orderNumber, orderNumber));
      await recordShipment(
        await fixtureAdmin(),
        orderNumber,
        { carrier: "other", trackingNumber: null, lines },
        new Date(Date.now() - 40 * 24 * 60 * 60 * 1000),
      );
    });

    await page.goto(`${store.base}/account/orders/${orderNumber}`);
    const main = page.getByRole("main");
    await expect(
      main.getByText(
        /^GW-45-001 shipped on \w{3} \d{1,2}, \d{4}\. Returns are accepted for 30 days from shipment, so the return window closed on \w{3} \d{1,2}, \d{4}\.$/,
      ),
    ).toBeVisible();
    await expect(main.getByRole("button", { name: "Request Return" })).toHaveCount(0);
    await expectNoAccessibilityViolations(page);
    await context.close();
  } finally {
    await store.remove();
  }
});
