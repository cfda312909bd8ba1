import { expect, test } from "@playwright/test";
import { confirmedBuyer, expectNoAccessibilityViolations, signIn } from "./helpers";

test("a company admin creates an API key with its scopes, sees it once, uses it from their system and revokes it", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000); // a sign-up confirmed by e-mail first
  const owner = await confirmedBuyer(page, "keys", `Keys${Date.now().toString(36)}`);
  await signIn(page, owner.email, owner.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await page.goto("/account");
  await page.getByRole("link", { name: "API Keys" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "API Keys" })).toBeVisible();
  await expect(page.getByText("No active keys.")).toBeVisible();

  // What the key may do: reading the catalogue and prices unless more is ticked.
  const scopes = page.getByRole("group", { name: "What the key may do" });
  const catalogue = scopes.getByRole("checkbox", { name: /Read the catalogue and your company's prices/ });
  const ordering = scopes.getByRole("checkbox", { name: /Place orders on your company's terms/ });
  await expect(scopes.getByRole("checkbox")).toHaveCount(4);
  await expect(catalogue).toBeChecked();
  await expect(ordering).not.toBeChecked();
  await expect(scopes.getByRole("checkbox", { name: /Read your company's orders/ })).not.toBeChecked();
  await expect(scopes.getByRole("checkbox", { name: /Read your company's address book/ })).not.toBeChecked();
  // A key that may do nothing is not made: the form says so beside the choice.
  await catalogue.uncheck();
  await page.getByLabel("Key name").fill("ERP production");
  await page.getByRole("button", { name: "Create Key" }).click();
  await expect(scopes.getByText("Choose at least one thing the key may do")).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await catalogue.check();
  await page.getByRole("button", { name: "Create Key" }).click();
  await expect(page.getByText("API key ERP production created")).toBeVisible();
  const shown = page.getByLabel("New API key");
  await expect(shown).toHaveValue(/^cis_[A-Za-z0-9_-]{43}$/);
  const key = await shown.inputValue();
  await expect(page.getByRole("button", { name: "Copy Key" })).toBeVisible();
  // The toasts are list items too: the key's row is the one with its prefix.
  const row = page.getByRole("listitem").filter({ hasText: `${key.slice(0, 12)}…` });
  await expect(row).toContainText("ERP production");
  await expect(row).toContainText("Scopes: catalog:read");
  await expect(row).toContainText(`by ${owner.email} · Last used never`);
  await expectNoAccessibilityViolations(page);

  // Shown once: the page read again knows only its first characters.
  await page.reload();
  await expect(page.getByLabel("New API key")).toHaveCount(0);
  expect(await page.content()).not.toContain(key.slice(12));

  // The company's system asks for prices with it.
  const prices = await request.get("/api/v1/prices?parts=GW-45-001", { headers: { authorization: `Bearer ${key}` } });
  expect(prices.status()).toBe(200);
  expect(await prices.json()).toMatchObject({ prices: [{ partNumber: "GW-45-001", unitPrice: "12.99" }] });
  // It was not made to read orders, nor to place them.
  const orders = await request.get("/api/v1/orders", { headers: { authorization: `Bearer ${key}` } });
  expect(orders.status()).toBe(403);
  expect(await orders.json()).toMatchObject({ error: { code: "insufficient_scope", scope: "orders:read" } });
  await page.reload();
  await expect(row).not.toContainText("Last used never");

  await row.getByRole("button", { name: "Revoke ERP production" }).click();
  const dialog = page.getByRole("dialog", { name: "Revoke ERP production?" });
  await expectNoAccessibilityViolations(page);
  await dialog.getByRole("button", { name: "Revoke Key" }).click();
  await expect(page.getByText("API key ERP production revoked")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Revoked Keys" })).toBeVisible();
  await expect(page.getByText("No active keys.")).toBeVisible();

  const refused = await request.get("/api/v1/orders", { headers: { authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual({
    error: {
      code: "unauthorized",
      message: "This API key is not valid. Check that it was copied whole, or create a new one.",
    },
  });
});
