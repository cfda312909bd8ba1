import { expect, test } from "@playwright/test";
import { admin } from "../playwright.config";
import { confirmedBuyer, expectNoAccessibilityViolations, signIn } from "./helpers";

test("a customer who opens /admin is told access is denied", async ({ page }) => {
  const buyer = await confirmedBuyer(page, "nosy");
  await signIn(page, buyer.email, buyer.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  const response = await page.goto("/admin");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("You don't have admin privileges to access this page.")).toBeVisible();
  await expect(page.getByText("Customer Accounts")).toHaveCount(0);
});

test("an admin logs in, finds a customer, approves Net 30 with a limit and revokes it", async ({ page }) => {
  const buyer = await confirmedBuyer(page, "approvable");
  await page.context().clearCookies();

  const response = await page.goto("/admin");
  expect(response?.status()).toBe(401);
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Login failed: Invalid email or password")).toBeVisible();
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Login successful!")).toBeVisible();

  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByText("Manage Net 30 payment approvals and customer accounts")).toBeVisible();
  for (const stat of ["Total Customers", "Net 30 Approved", "Total Credit Limit", "Pending Approvals"]) {
    await expect(page.getByText(stat, { exact: true })).toBeVisible();
  }
  await expectNoAccessibilityViolations(page);

  const search = page.getByPlaceholder("Search by name, company, or account number...");
  await search.fill("no such customer anywhere");
  await expect(page.getByText("No customers found matching your search.")).toBeVisible();
  await search.fill(buyer.email.split("@")[0] ?? "");
  await expect(page.getByText("No customers found matching your search.")).toBeVisible(); // e-mail is not a search field
  await search.fill("DANA REYES");
  const table = page.getByRole("table", { name: "Customer Accounts" });
  await expect(table).toBeVisible();

  const row = table.getByRole("row").filter({ hasText: "Dana Reyes" }).first();
  await row.getByRole("button", { name: /Approve Net 30/ }).click();
  const dialog = page.getByRole("dialog", { name: "Approve Net 30 Terms" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Approve" })).toBeDisabled();
  await dialog.getByLabel("Credit Limit ($)").fill("25000");
  await expectNoAccessibilityViolations(page);
  await dialog.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Net 30 terms approved successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByText("Approved", { exact: true })).toBeVisible();
  await expect(row.getByText("$25,000.00")).toBeVisible();

  await row.getByRole("button", { name: /Revoke/ }).click();
  await expect(page.getByText("Net 30 terms revoked successfully")).toBeVisible();
  await expect(row.getByText("Not Approved")).toBeVisible();
  await expect(row.getByText("$0.00")).toBeVisible();
});

test("the admin page and its actions answer 401 to a guest and 403 to a customer", async ({ page, baseURL }) => {
  const post = (intent: string) =>
    page.request.post("/admin", {
      form: { intent, profileId: "00000000-0000-4000-8000-000000000000", creditLimit: "999999" },
      headers: { Origin: baseURL ?? "" },
      maxRedirects: 0,
    });
  expect((await post("approve")).status()).toBe(401);
  expect((await post("revoke")).status()).toBe(401);

  const buyer = await confirmedBuyer(page, "sneaky");
  await signIn(page, buyer.email, buyer.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  expect((await post("approve")).status()).toBe(403);
  expect((await post("revoke")).status()).toBe(403);
  expect((await page.request.get("/admin")).status()).toBe(403);
});

test("an admin creates a promo code that a buyer then uses in the cart", async ({ page, browser }) => {
  await signIn(page, admin.email, admin.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await page.goto("/admin");
  await page.getByRole("button", { name: "New Promo Code" }).click();
  const dialog = page.getByRole("dialog", { name: "New Promo Code" });
  const code = `TAKE${Date.now().toString().slice(-6)}`;
  await dialog.getByLabel("Code").fill(code.toLowerCase());
  await dialog.getByLabel("Description").fill("$5 off any order");
  await dialog.getByLabel("Discount type").selectOption("fixed");
  await dialog.getByLabel("Discount value").fill("5");
  await expectNoAccessibilityViolations(page);
  await dialog.getByRole("button", { name: "Create Promo Code" }).click();
  await expect(page.getByText(`Promo code ${code} created`)).toBeVisible();
  const promos = page.getByRole("table", { name: "Promo Codes" });
  await expect(promos.getByRole("row", { name: new RegExp(code) })).toContainText("$5.00");

  const guest = await browser.newPage();
  await guest.goto("/category/abrasives/grinding-wheels");
  await guest.getByRole("button", { name: "Add to Cart: Grinding Wheel 4.5 in" }).click();
  await expect(guest.getByTestId("cart-badge")).toHaveText("1");
  await guest
    .getByRole("banner")
    .getByRole("button", { name: /^Shopping cart/ })
    .click();
  const popover = guest.getByRole("dialog", { name: "Shopping Cart" });
  await popover.getByLabel("Promo code", { exact: true }).fill(code.toLowerCase());
  await popover.getByRole("button", { name: "Apply" }).click();
  await expect(guest.getByText("Promo code applied successfully!")).toBeVisible();
  await expect(popover.getByText(code, { exact: true })).toBeVisible();
  await expect(popover.getByText("$5 off any order")).toBeVisible();
  await expect(popover.getByLabel("Promo code", { exact: true })).toHaveCount(0);
  // 12.99 - 5.00 = 7.99; 8% default tax = 0.64; total 8.63
  await expect(popover.getByRole("definition").filter({ hasText: "-$5.00" })).toBeVisible();
  await expect(popover.getByRole("definition").filter({ hasText: "$8.63" })).toBeVisible();

  await page.getByRole("button", { name: `Deactivate ${code}` }).click();
  await expect(page.getByText("Promo code deactivated")).toBeVisible();
  await guest.reload();
  await guest
    .getByRole("banner")
    .getByRole("button", { name: /^Shopping cart/ })
    .click();
  await expect(guest.getByText("Invalid promo code")).toBeVisible();
  await guest.close();
});
