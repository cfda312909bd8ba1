import { expect, test } from "@playwright/test";
import { expectNoAccessibilityViolations, waitForHydration } from "./helpers";

const wheel = "Grinding Wheel 4.5 in"; // GW-45-001

test("a buyer compares grinding wheels side by side from a listing and from search, up to four", async ({ page }) => {
  await page.goto("/category/abrasives/grinding-wheels");
  await waitForHydration(page);
  const compareBoxes = page.getByRole("main").getByRole("checkbox", { name: /^Compare / });
  await expect(compareBoxes).toHaveCount(24);
  await expect(page.getByRole("region", { name: "Compare parts" })).toHaveCount(0);

  await page.getByRole("checkbox", { name: `Compare ${wheel}`, exact: true }).check();
  const second = compareBoxes.nth(1);
  const secondName = ((await second.getAttribute("aria-label")) ?? "").replace(/^Compare /, "");
  await second.check();
  const bar = page.getByRole("region", { name: "Compare parts" });
  await expect(bar.getByRole("heading", { name: "Compare (2 of 4)" })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // Ticked parts stay ticked in search results.
  await page.goto("/search?q=grinding%20wheel");
  await waitForHydration(page);
  await expect(page.getByRole("checkbox", { name: `Compare ${wheel}`, exact: true })).toBeChecked();
  await expect(bar.getByRole("heading", { name: "Compare (2 of 4)" })).toBeVisible();

  await bar.getByRole("link", { name: "Compare now" }).click();
  await expect(page).toHaveURL(/\/compare\?parts=GW-45-001,[A-Z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Compare Parts" })).toBeVisible();
  const table = page.getByRole("table");
  await expect(table.getByRole("columnheader")).toHaveCount(2);
  await expect(table.getByRole("link", { name: wheel, exact: true })).toBeVisible();
  await expect(table.getByRole("link", { name: secondName, exact: true })).toBeVisible();
  // The rows line up by attribute; those that differ say so in words, not only in colour.
  await expect(table.getByRole("row", { name: /^Brand/ })).toBeVisible();
  await expect(table.getByRole("row", { name: /^Diameter/ })).toBeVisible();
  await expect(table.getByRole("rowheader", { name: /Differs$/ }).first()).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // The comparison lives in its address: reloaded, it is the same.
  await page.reload();
  await expect(table.getByRole("link", { name: secondName, exact: true })).toBeVisible();

  await table.getByRole("link", { name: `Remove ${secondName} from the comparison` }).click();
  await expect(page).toHaveURL("/compare?parts=GW-45-001");
  await expect(table.getByRole("link", { name: secondName, exact: true })).toHaveCount(0);
  await expect(table.getByRole("rowheader", { name: /Differs$/ })).toHaveCount(0);

  // Four at most: a fifth is refused and says why.
  await page.goto("/category/abrasives/grinding-wheels");
  await waitForHydration(page);
  await expect(page.getByRole("checkbox", { name: `Compare ${wheel}`, exact: true })).toBeChecked();
  for (const index of [1, 2, 3]) await compareBoxes.nth(index).check();
  await expect(bar.getByRole("heading", { name: "Compare (4 of 4)" })).toBeVisible();
  await compareBoxes.nth(4).click();
  await expect(bar.getByRole("status")).toHaveText(
    "You can compare up to 4 parts at a time. Remove one to add another.",
  );
  await expect(compareBoxes.nth(4)).not.toBeChecked();
  await expect(bar.getByRole("heading", { name: "Compare (4 of 4)" })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await bar.getByRole("button", { name: `Remove ${wheel} from the comparison` }).click();
  await expect(bar.getByRole("heading", { name: "Compare (3 of 4)" })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: `Compare ${wheel}`, exact: true })).not.toBeChecked();
  await bar.getByRole("link", { name: "Compare now" }).click();
  await expect(page.getByRole("table").getByRole("columnheader")).toHaveCount(3);
});

test("a compare link naming unknown or too many parts says what is wrong instead of failing", async ({ page }) => {
  const tooMany = await page.goto("/compare?parts=GW-45-001,FD-80-001,CW-45-045,NO-SUCH-1,GW-45-001,A-1,B-2");
  expect(tooMany?.status()).toBe(200);
  await expect(
    page.getByText("You can compare up to 4 parts at a time; this link names 6. The first 4 are compared."),
  ).toBeVisible();
  await expect(page.getByText("There is no part NO-SUCH-1 in the catalogue: it is left out.")).toBeVisible();
  await expect(page.getByRole("table").getByRole("columnheader")).toHaveCount(3);

  const none = await page.goto("/compare");
  expect(none?.status()).toBe(400);
  await expect(
    page.getByText("Choose parts to compare: tick Compare on up to 4 products in a listing or in search results."),
  ).toBeVisible();
  await expectNoAccessibilityViolations(page);
});

test("a buyer adds a part from the comparison with its quantity and shows only the rows that differ", async ({
  page,
}) => {
  await page.goto("/compare?parts=GW-45-001,CW-45-045");
  await waitForHydration(page);
  const table = page.getByRole("table");
  const rowHeaders = table.locator("tbody").getByRole("rowheader");
  const sameRows = rowHeaders.filter({ hasNotText: "Differs" });
  // Order, and at least one row the two wheels share.
  expect(await sameRows.count()).toBeGreaterThan(1);
  const allRows = await rowHeaders.count();

  const quantity = table.getByRole("spinbutton", { name: `Quantity of ${wheel}` });
  await expect(quantity).toHaveValue("1");
  await quantity.fill("3");
  await table.getByRole("button", { name: `Add to Cart: ${wheel}` }).click();
  await expect(page.getByText(`3 x ${wheel} added to cart!`)).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveText("3");

  // By keyboard: the switch hides the rows where both wheels agree, and brings them back.
  const onlyDifferences = page.getByRole("switch", { name: "Show only differences" });
  await onlyDifferences.focus();
  await page.keyboard.press("Space");
  await expect(onlyDifferences).toBeChecked();
  await expect(sameRows).toHaveText(["Order"]);
  expect(await rowHeaders.count()).toBeLessThan(allRows);
  await expect(table.getByRole("button", { name: `Add to Cart: ${wheel}` })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.keyboard.press("Space");
  await expect(onlyDifferences).not.toBeChecked();
  await expect(rowHeaders).toHaveCount(allRows);
});
