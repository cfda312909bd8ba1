import { expect, test } from "@playwright/test";
import {
  addWheels,
  adminFindsCustomers,
  confirmedBuyer,
  expectNoAccessibilityViolations,
  payWithCard,
  signIn,
  subjectsMailedTo,
} from "./helpers";

test("an admin marks an account PO required; the buyer is told, gives a PO number, sees it on the confirmation, and is warned when using it again", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000); // a buyer signs up, the admin signs in, two card orders
  const lastName = `Purchasing${Date.now().toString(36)}`;
  const buyer = await confirmedBuyer(page, "po-buyer", lastName);

  // The admin's switch on the customer's row, once the list is the searched one: a switch clicked
  // before the search (sent a quarter second after the last key) has its answer's reload, and the
  // toast it reads, overtaken by the search's navigation.
  const { page: office, rows: row, close: closeOffice } = await adminFindsCustomers(browser, lastName);
  const required = row.getByRole("switch", { name: `PO number required for Dana ${lastName}` });
  await expect(required).not.toBeChecked();
  await required.click();
  await expect(office.getByText("PO number now required")).toBeVisible();
  await expect(required).toBeChecked();
  await expectNoAccessibilityViolations(office);

  await signIn(page, buyer.email, buyer.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await addWheels(page, 1);
  await page.goto("/checkout");
  const main = page.getByRole("main");
  await expect(main.getByRole("button", { name: "Place Order - $12.99" })).toBeEnabled();
  const poNumber = main.getByLabel("PO Number");
  await expect(poNumber).toHaveAccessibleDescription("PO number is required for your account.");
  await main.getByLabel("Phone").fill("5035550142");
  await main.getByRole("button", { name: "Place Order - $12.99" }).click();
  await expect(main.getByText("PO number is required for your account", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Payment Information" })).toHaveCount(0);
  await expectNoAccessibilityViolations(page);

  await poNumber.fill("PO-4500");
  await main.getByLabel("Job Reference").fill("Pier 3 retrofit");
  await main.getByRole("button", { name: "Place Order - $12.99" }).click();
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/order-confirmation\/ORD/);
  const first = page.url().split("/").pop() ?? "";
  const details = page.getByRole("main");
  await expect(details.getByRole("definition").filter({ hasText: "PO-4500" })).toBeVisible();
  await expect(details.getByRole("definition").filter({ hasText: "Pier 3 retrofit" })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await expect.poll(() => subjectsMailedTo(buyer.email)).toContain(`Order Confirmed! ${first}`);

  // The same PO number again (any case): warned, then placed once the buyer confirms it.
  await addWheels(page, 1);
  await page.goto("/checkout");
  await expect(main.getByRole("button", { name: "Place Order - $12.99" })).toBeEnabled();
  await main.getByLabel("PO Number").fill("po-4500");
  await main.getByRole("button", { name: "Place Order - $12.99" }).click();
  await expect(main.getByText(`PO number po-4500 was already used on order ${first}`)).toBeVisible();
  await expect(page.getByRole("region", { name: "Payment Information" })).toHaveCount(0);
  await expectNoAccessibilityViolations(page);
  await main.getByLabel("Use PO number po-4500 again on this order").check();
  await main.getByRole("button", { name: "Place Order - $12.99" }).click();
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/order-confirmation\/ORD/);
  const second = page.url().split("/").pop() ?? "";

  // The back office finds both by PO number and shows it on the order.
  await office.goto("/admin/orders");
  await office.getByLabel("Search orders").fill("PO-4500");
  await office.getByRole("button", { name: "Filter" }).click();
  const table = office.getByRole("table", { name: "Orders" });
  await expect(table.getByRole("link")).toHaveText([second, first]);
  await table.getByRole("link", { name: first }).click();
  await expect(office.getByRole("main").getByText("PO-4500", { exact: true })).toBeVisible();
  await expect(office.getByRole("main").getByText("Pier 3 retrofit", { exact: true })).toBeVisible();
  await expectNoAccessibilityViolations(office);
  await closeOffice();
});
