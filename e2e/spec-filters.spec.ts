import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoAccessibilityViolations, waitForHydration, watchConsoleErrors } from "./helpers";

const listing = "/category/abrasives/grinding-wheels";

/** The count an option shows: "127 mm (12)" is 12. */
async function countOf(option: Locator): Promise<number> {
  const label = await option.evaluate((input) => input.closest("label")?.textContent ?? "");
  return Number(/\((\d+)\)\s*$/.exec(label)?.[1] ?? Number.NaN);
}

/** The total the listing shows: "Showing 24 of 57" is 57. */
async function shownTotal(page: Page): Promise<number> {
  const status = page.getByText(/^Showing \d+ of \d+$/);
  await expect(status).toBeVisible();
  return Number(/of (\d+)$/.exec((await status.textContent()) ?? "")?.[1]);
}

const filters = (page: Page) => page.getByRole("form", { name: "Filter by specification" });

test("a buyer narrows grinding wheels by a range in millimetres and a choice, and the URL keeps it", async ({
  page,
  browser,
}) => {
  const errors = watchConsoleErrors(page);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(listing);
  await waitForHydration(page);
  const panel = filters(page);
  await expect(panel.getByRole("group", { name: "Diameter (in)" })).toBeVisible();

  await panel.getByRole("radio", { name: "Metric" }).check();
  await expect(page).toHaveURL(`${listing}?units=metric`);
  const diameter = panel.getByRole("group", { name: "Diameter (mm)" });
  await expect(diameter.getByRole("checkbox", { name: /^114\.3 mm \(\d+\)$/ })).toBeVisible();

  // 120 to 160 mm leaves the 5 in (127 mm) and 6 in (152.4 mm) wheels.
  const wanted =
    (await countOf(diameter.getByRole("checkbox", { name: /^127 mm/ }))) +
    (await countOf(diameter.getByRole("checkbox", { name: /^152\.4 mm/ })));
  await diameter.getByLabel("Diameter Min (mm)").fill("120");
  await diameter.getByLabel("Diameter Max (mm)").fill("160");
  await diameter.getByLabel("Diameter Max (mm)").press("Enter");
  await expect(page).toHaveURL(`${listing}?diameter_min=120mm&diameter_max=160mm&units=metric`);
  expect(await shownTotal(page)).toBe(wanted);
  // The rated speeds of the wheels the range rules out are listed, disabled, at 0.
  await expect(
    panel.getByRole("group", { name: "Max RPM" }).getByRole("checkbox", { name: "15,280 rpm (0)" }),
  ).toBeDisabled();

  const zirconia = panel.getByRole("group", { name: "Abrasive" }).getByRole("checkbox", { name: /^Zirconia \(\d+\)$/ });
  const zirconiaCount = await countOf(zirconia);
  expect(zirconiaCount).toBeGreaterThan(0);
  await zirconia.check();
  await expect(page).toHaveURL(`${listing}?abrasive=Zirconia&diameter_min=120mm&diameter_max=160mm&units=metric`);
  expect(await shownTotal(page)).toBe(zirconiaCount);
  await expect(zirconia).toBeChecked();
  await expect(zirconia).toBeFocused();
  const names = await page.getByRole("main").getByRole("heading", { level: 2 }).allTextContents();
  await expectNoAccessibilityViolations(page);

  // Back goes to the range alone, and back again to no filter.
  await page.goBack();
  await expect(page).toHaveURL(`${listing}?diameter_min=120mm&diameter_max=160mm&units=metric`);
  await expect(
    panel.getByRole("group", { name: "Abrasive" }).getByRole("checkbox", { name: /^Zirconia/ }),
  ).not.toBeChecked();
  expect(await shownTotal(page)).toBe(wanted);
  await expect(diameter.getByLabel("Diameter Min (mm)")).toHaveValue("120");
  await page.goBack();
  await expect(page).toHaveURL(`${listing}?units=metric`);
  await expect(diameter.getByLabel("Diameter Min (mm)")).toHaveValue("");

  // The shared link opens the same parts for someone else, in inches if they switch.
  const other = await browser.newPage();
  await other.goto(`${listing}?abrasive=Zirconia&diameter_min=120mm&diameter_max=160mm&units=metric`);
  expect(await shownTotal(other)).toBe(zirconiaCount);
  expect(await other.getByRole("main").getByRole("heading", { level: 2 }).allTextContents()).toEqual(names);
  await waitForHydration(other);
  await filters(other).getByRole("radio", { name: "Inch" }).check();
  await expect(other).toHaveURL(/\?abrasive=Zirconia&diameter_min=4\.724409in&diameter_max=6\.299213in$/);
  expect(await shownTotal(other)).toBe(zirconiaCount);
  await other.close();
  expect(errors()).toEqual([]);
});

test("a link with filters the listing cannot use says so and shows the listing", async ({ page }) => {
  await page.goto(`${listing}?diameter_min=9in&diameter_max=4in&colour=red`);
  await expect(page.getByRole("status").filter({ hasText: "could not be used" })).toContainText(
    "Diameter: the minimum (9 in) is more than the maximum (4 in), so the range was left out.",
  );
  await expect(page.getByRole("heading", { level: 1, name: "Grinding Wheels" })).toBeVisible();
  await waitForHydration(page);
  // A range typed the wrong way round is refused in the page, before any request.
  const diameter = filters(page).getByRole("group", { name: "Diameter (in)" });
  await diameter.getByLabel("Diameter Min (in)").fill("6");
  await diameter.getByLabel("Diameter Max (in)").fill("wide");
  await diameter.getByLabel("Diameter Max (in)").press("Enter");
  await expect(diameter.getByLabel("Diameter Max (in)")).toHaveAttribute("aria-invalid", "true");
  await expect(diameter.getByText('"wide" is not a length')).toBeVisible();
  await expectNoAccessibilityViolations(page);
});

test("on a phone the filters open in a drawer, work by keyboard and say how many parts match", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(listing);
  await waitForHydration(page);
  await expect(filters(page)).toBeHidden();
  await page.getByRole("button", { name: "Filters", exact: true }).click();
  const drawer = page.getByRole("dialog", { name: "Filters" });
  await expect(drawer).toBeVisible();
  const ceramic = drawer.getByRole("group", { name: "Abrasive" }).getByRole("checkbox", { name: /^Ceramic \(\d+\)$/ });
  const count = await countOf(ceramic);
  await ceramic.focus();
  await page.keyboard.press("Space");
  await expect(page).toHaveURL(`${listing}?abrasive=Ceramic`);
  await expect(drawer.getByText(`${count} parts match`)).toBeVisible();
  await expect(ceramic).toBeChecked();
  await expect(ceramic).toBeFocused();
  await expectNoAccessibilityViolations(page);
  await drawer.getByRole("button", { name: `Show ${count} products` }).click();
  await expect(drawer).toBeHidden();
  expect(await shownTotal(page)).toBe(count);
  await expect(page.getByRole("button", { name: "Filters (1)", exact: true })).toBeVisible();
});

test("search results narrow by the spec of what was found", async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto("/search?q=grinding+wheel");
  await waitForHydration(page);
  const option = filters(page)
    .getByRole("group", { name: "Diameter (in)" })
    .getByRole("checkbox", { name: /^4-1\/2 in \(\d+\)$/ });
  const count = await countOf(option);
  await option.check();
  await expect(page).toHaveURL("/search?q=grinding+wheel&diameter=4.5in");
  await expect(page.getByText(`Showing ${Math.min(count, 24)} of ${count} product`)).toBeVisible();
  await expectNoAccessibilityViolations(page);
});
