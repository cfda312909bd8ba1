import { expect, test } from "@playwright/test";
import {
  adminFindsCustomers,
  confirmedBuyer,
  expectNoAccessibilityViolations,
  signIn,
  waitForHydration,
} from "./helpers";

const wheels = "/category/abrasives/grinding-wheels";

test("the admin gives a company the flap discs and one grinding wheel; its member lists and finds only those, while a visitor sees every wheel", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000); // a buyer signs up and confirms by e-mail, the admin edits the catalogue
  const lastName = `Catalogue${Date.now().toString(36)}`;
  const member = await confirmedBuyer(page, "catalogue", lastName);

  // The store's admin finds the company on the dashboard and opens its catalogue.
  const { page: adminPage, rows, close } = await adminFindsCustomers(browser, lastName);
  await rows.getByRole("link", { name: /^Catalogue for/ }).click();
  await expect(adminPage.getByRole("heading", { level: 1, name: "Catalogue" })).toBeVisible();
  await expect(adminPage.getByText("No catalogue of its own: its members see every part")).toBeVisible();
  await expectNoAccessibilityViolations(adminPage);

  // Nothing chosen is refused with what to do instead.
  await adminPage.getByRole("button", { name: "Save Catalogue" }).click();
  await expect(adminPage.getByText("Choose at least one category or include at least one part")).toBeVisible();

  // The flap discs by keyboard, one grinding wheel by its part number.
  await adminPage.getByRole("checkbox", { name: "Flap Discs", exact: true }).focus();
  await adminPage.keyboard.press("Space");
  await expect(adminPage.getByRole("checkbox", { name: "Flap Discs", exact: true })).toBeChecked();
  await adminPage.getByLabel("Parts included").fill("gw-45-001");
  await adminPage.getByRole("button", { name: "Save Catalogue" }).click();
  await expect(adminPage.getByText("Catalogue saved")).toBeVisible();
  await expect(
    adminPage.getByText("Its members, API keys and PunchOut sessions see and buy only the parts below."),
  ).toBeVisible();
  await expect(adminPage.getByLabel("Parts included")).toHaveValue("GW-45-001");
  await expectNoAccessibilityViolations(adminPage);
  await close();

  // A visitor sees every grinding wheel.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(wheels);
  const visitorCards = visitor.getByRole("main").getByRole("listitem").filter({ hasText: /GW-/ });
  expect(await visitorCards.count()).toBeGreaterThan(1);

  // The member sees only the one wheel in the listing, and only it when searching for wheels.
  await signIn(page, member.email, member.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await page.goto(wheels);
  await waitForHydration(page);
  const main = page.getByRole("main");
  await expect(main.getByRole("listitem").filter({ hasText: "GW-45-001" })).toBeVisible();
  await expect(main.getByRole("listitem").filter({ hasText: /GW-/ })).toHaveCount(1);
  await expectNoAccessibilityViolations(page);
  await page.goto(`/search?q=${encodeURIComponent("grinding wheel")}`);
  await waitForHydration(page);
  await expect(main.getByRole("listitem").filter({ hasText: "GW-45-001" })).toBeVisible();
  await expect(main.getByRole("listitem").filter({ hasText: /GW-/ })).toHaveCount(1);
  await expectNoAccessibilityViolations(page);

  // The visitor, asking again after the member, still gets every wheel (the page cache keeps them apart).
  await visitor.goto(`/search?q=${encodeURIComponent("grinding wheel")}`);
  expect(await visitor.getByRole("main").getByRole("listitem").filter({ hasText: /GW-/ }).count()).toBeGreaterThan(1);
  await visitorContext.close();
});
