import { expect, type Locator, type Page, test } from "@playwright/test";
import { addWheels, confirmedBuyer, expectNoAccessibilityViolations, payWithCard, signIn } from "./helpers";

async function addAddress(page: Page, label: string, [line1, city, state, zip]: [string, string, string, string]) {
  await page.getByRole("button", { name: "Add Address" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Address" });
  await dialog.getByLabel("Label").fill(label);
  await dialog.getByLabel("Address Line 1").fill(line1);
  await dialog.getByLabel("City").fill(city);
  await dialog.getByLabel("State").selectOption(state);
  await dialog.getByLabel("ZIP").fill(zip);
  return dialog;
}

const card = (page: Page, label: string): Locator =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: label }) });

test("a buyer keeps two ship-to addresses, picks the second at checkout, and the tax follows its state", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000); // two buyers sign up and confirm by e-mail
  const buyer = await confirmedBuyer(page, "ship-tos");
  await signIn(page, buyer.email, buyer.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await page.goto("/account");
  await page.getByRole("link", { name: "Address book" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Address Book" })).toBeVisible();
  await expect(page.getByText("No saved addresses yet.")).toBeVisible();

  // A missing field is named; the first address becomes the default.
  let dialog = await addAddress(page, "Austin plant", ["400 Industrial Blvd", "Austin", "TX", "73301"]);
  await dialog.getByLabel("ZIP").fill("");
  await dialog.getByRole("button", { name: "Save Address" }).click();
  await expect(dialog.getByText("ZIP code must be at least 5 characters")).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await dialog.getByLabel("ZIP").fill("73301");
  await dialog.getByRole("button", { name: "Save Address" }).click();
  await expect(page.getByText('Address "Austin plant" saved')).toBeVisible();
  await expect(card(page, "Austin plant").getByText("Default", { exact: true })).toBeVisible();

  dialog = await addAddress(page, "Albany dock", ["9 River Rd", "Albany", "NY", "12207"]);
  await dialog.getByRole("button", { name: "Save Address" }).click();
  await expect(page.getByText('Address "Albany dock" saved')).toBeVisible();
  await expect(card(page, "Albany dock")).toContainText("Albany, NY 12207");
  await expect(card(page, "Albany dock").getByText("Default", { exact: true })).toHaveCount(0);
  await expectNoAccessibilityViolations(page);

  // Edited by keyboard: the label changes, the address stays.
  await card(page, "Albany dock").getByRole("button", { name: "Edit Albany dock" }).click();
  dialog = page.getByRole("dialog", { name: "Edit Albany dock" });
  await expect(dialog.getByLabel("City")).toHaveValue("Albany");
  await dialog.getByLabel("Label").fill("Albany river dock");
  await dialog.getByLabel("Label").press("Enter");
  await expect(page.getByText('Address "Albany river dock" saved')).toBeVisible();

  // Checkout opens on the default (Texas, 6.25%): $12.99 + $0.81.
  await addWheels(page, 1);
  await page.goto("/checkout");
  const main = page.getByRole("main");
  await expect(main.getByRole("radio", { name: /Austin plant/ })).toBeChecked();
  await expect(main.getByLabel("City", { exact: true })).toHaveValue("Austin");
  await expect(main.getByRole("button", { name: "Place Order - $13.80" })).toBeEnabled();
  await expectNoAccessibilityViolations(page);

  // The second ship-to fills the address and prices New York (8%): $1.04 tax, $14.03.
  await main.getByRole("radio", { name: /Albany river dock/ }).click();
  await expect(main.getByLabel("Address Line 1", { exact: true })).toHaveValue("9 River Rd");
  await expect(main.getByLabel("State", { exact: true })).toHaveValue("NY");
  const summary = page.getByRole("complementary", { name: "Order Summary" });
  await expect(summary.getByRole("definition").filter({ hasText: "$1.04" })).toBeVisible();
  await main.getByLabel("Phone").fill("5035550142");
  await main.getByRole("button", { name: "Place Order - $14.03" }).click();
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/order-confirmation\/ORD/);
  await expect(page.getByRole("main").getByText("Albany, NY 12207")).toBeVisible();

  // A new address at checkout, saved to the book with the order.
  await addWheels(page, 1);
  await page.goto("/checkout");
  await expect(main.getByRole("button", { name: /^Place Order/ })).toBeEnabled();
  await main.getByRole("radio", { name: "A new address" }).click();
  await main.getByLabel("Address Line 1", { exact: true }).fill("77 Bay St");
  await main.getByLabel("City", { exact: true }).fill("Miami");
  await main.getByLabel("State", { exact: true }).selectOption("FL");
  await main.getByLabel("ZIP", { exact: true }).fill("33101");
  await main.getByLabel("Save this address to my address book").check();
  await main.getByLabel("Address Label").fill("Miami yard");
  await expect(main.getByRole("button", { name: "Place Order - $13.77" })).toBeEnabled();
  await main.getByRole("button", { name: "Place Order - $13.77" }).click();
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/order-confirmation\/ORD/);

  await page.goto("/account/addresses");
  await expect(card(page, "Miami yard")).toContainText("Miami, FL 33101");
  await card(page, "Albany river dock").getByRole("button", { name: "Make Default: Albany river dock" }).click();
  await expect(page.getByText('"Albany river dock" is now your default address')).toBeVisible();
  await expect(card(page, "Albany river dock").getByText("Default", { exact: true })).toBeVisible();

  // Another buyer cannot touch these: their id answers 404.
  // (Austin plant is no longer the default, so its card holds a form naming its id.)
  const austinId = await card(page, "Austin plant").locator('input[name="id"]').first().inputValue();
  const stranger = await browser.newPage();
  const other = await confirmedBuyer(stranger, "ship-to-stranger");
  await signIn(stranger, other.email, other.password);
  await expect(stranger.getByText("Welcome back!")).toBeVisible();
  for (const intent of ["delete", "make-default"]) {
    const response = await stranger.request.post("/account/addresses", {
      form: { intent, id: austinId },
      headers: { Origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    expect(`${intent} ${response.status()}`).toBe(`${intent} 404`);
  }
  await stranger.close();

  // Deleting the default asks first, and passes the default on.
  await card(page, "Albany river dock").getByRole("button", { name: "Delete Albany river dock" }).click();
  await page
    .getByRole("dialog", { name: "Delete Albany river dock?" })
    .getByRole("button", { name: "Delete Address" })
    .click();
  await expect(page.getByText('Address "Albany river dock" deleted')).toBeVisible();
  await expect(card(page, "Austin plant").getByText("Default", { exact: true })).toBeVisible();
});
