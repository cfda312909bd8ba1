import { type Browser, expect, type Page, test } from "@playwright/test";
import { addDays, storeDay } from "../domain/dates/dates";
import { admin } from "../playwright.config";
import {
  addWheels,
  approveTerms,
  type Buyer,
  confirmedBuyer,
  expectNoAccessibilityViolations,
  linkMailedTo,
  signIn,
} from "./helpers";

/**
 * The company admin (signed in on `page`) invites `who` as `role`; `who` signs in on a page of their
 * own and joins, closing the account of one they signed up with.
 */
async function invitedMember(page: Page, browser: Browser, name: string, lastName: string, role: string) {
  const memberPage = await (await browser.newContext()).newPage();
  const member: Buyer = await confirmedBuyer(memberPage, name, lastName);
  await page.goto("/account/company");
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("Role", { exact: true }).selectOption(role);
  await page.getByRole("button", { name: "Send Invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${member.email}`)).toBeVisible();
  await signIn(memberPage, member.email, member.password);
  await expect(memberPage.getByText("Welcome back!")).toBeVisible();
  await memberPage.goto(await linkMailedTo(member.email));
  await memberPage.getByRole("button", { name: /^Close ACCT-\d+ and Join / }).click();
  await expect(memberPage.getByText(/^You joined /)).toBeVisible();
  return { member, memberPage };
}

/** The company admin (signed in on `page`) gives `email` a per-order limit of `dollars`. */
async function setOrderLimit(page: Page, email: string, dollars: string) {
  await page.goto("/account/company");
  await page.getByRole("textbox", { name: `Per-order limit ($) of ${email}` }).fill(dollars);
  await expectNoAccessibilityViolations(page);
  await page.getByRole("button", { name: `Save Limits of ${email}` }).click();
  await expect(page.getByText(`Spend limits saved for ${email}`)).toBeVisible();
}

/** The checkout open on `page` says the order is above the buyer's `limit` ("$20.00") and submits it, not places it. */
async function submitAtCheckout(page: Page, limit: string) {
  const main = page.getByRole("main");
  await expect(main.getByText(`This order needs approval: it is above your ${limit} per-order limit.`)).toBeVisible();
  await expect(main.getByRole("button", { name: /^Place Order/ })).toHaveCount(0);
  await main.getByLabel("Phone").fill("5035550142");
  await expectNoAccessibilityViolations(page);
  await main.getByRole("button", { name: "Submit for Approval" }).click();
  await expect(page.getByText("Order submitted for approval")).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/account\/approvals$/);
}

test("a company admin sets a buyer's limit; the buyer's order above it is submitted for approval; an approver approves and the order is placed", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000); // three people sign up and confirm by e-mail, the store's admin grants terms
  const lastName = `Apex${Date.now().toString(36)}`;
  const owner = await confirmedBuyer(page, "owner", lastName);
  await approveTerms(browser, lastName, "5000");
  await signIn(page, owner.email, owner.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();

  const { member: buyer, memberPage: pat } = await invitedMember(page, browser, "pat", `B${lastName}`, "Buyer");
  const { memberPage: abe } = await invitedMember(page, browser, "abe", `A${lastName}`, "Approver");

  // The company admin gives the buyer a $20 per-order limit.
  await setOrderLimit(page, buyer.email, "20");

  // Two wheels come to $25.98: above the limit, so the checkout submits instead of placing.
  await addWheels(pat, 2);
  await pat.goto("/checkout");
  await submitAtCheckout(pat, "$20.00");
  const mine = pat.getByRole("main");
  await expect(mine.getByText("Waiting for approval")).toBeVisible();
  await expectNoAccessibilityViolations(pat);

  // The approver finds it in the queue and approves: the order is placed on the company's terms.
  await abe.goto("/account/approvals");
  await expect(abe.getByRole("heading", { level: 1, name: "Approvals" })).toBeVisible();
  await expect(abe.getByText(/Waiting (just now|\d+ minutes?)/)).toBeVisible();
  // The approver reads whose limit it is: the buyer's, not "your".
  await expect(
    abe.getByText(`This order needs approval: it is above Dana B${lastName}'s $20.00 per-order limit.`),
  ).toBeVisible();
  await expectNoAccessibilityViolations(abe);
  await abe.getByRole("button", { name: /^Reject .*\$25\.98$/ }).click();
  const dialog = abe.getByRole("dialog", { name: "Reject this order?" });
  await expect(dialog.getByLabel("Note to the buyer")).toBeVisible();
  await expectNoAccessibilityViolations(abe);
  await dialog.getByRole("button", { name: "Keep Waiting" }).click();
  await abe.getByRole("button", { name: /^Approve .*\$25\.98$/ }).click();
  await expect(abe.getByText(/^Order approved and placed: ORD/)).toBeVisible({ timeout: 20_000 });

  // The buyer sees it placed, and the order exists.
  await pat.reload();
  await expect(mine.getByText(/Approved and placed by Dana A/)).toBeVisible();
  await mine.getByRole("link", { name: /^Order ORD/ }).click();
  await expect(pat.getByRole("heading", { level: 1, name: /^Order ORD/ })).toBeVisible();
  await expect(pat.getByRole("main")).toContainText("$25.98");
});

test("an accepted quote above the buyer's limit is submitted for approval, not placed, and the approver's approval places it at the quote's prices", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000); // two people sign up and confirm by e-mail, the store's admin grants terms and quotes
  const lastName = `Quote${Date.now().toString(36)}`;
  const owner = await confirmedBuyer(page, "qowner", lastName);
  await approveTerms(browser, lastName, "5000");
  await signIn(page, owner.email, owner.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  const { member: buyer, memberPage: pat } = await invitedMember(page, browser, "qpat", `B${lastName}`, "Buyer");
  await setOrderLimit(page, buyer.email, "100");

  // The buyer asks for 50 wheels; the store quotes them at $15.00, $750.00 in all.
  await pat.goto("/quotes/new");
  await pat.getByLabel(/^Parts/).fill("GW-45-001, 50");
  await pat.getByRole("button", { name: "Send Request" }).click();
  await expect(pat.getByText(/^Quote Q-\d{6} requested$/)).toBeVisible();
  const quoteNumber = ((await pat.getByRole("heading", { level: 1 }).textContent()) ?? "").replace("Quote ", "").trim();
  const desk = await (await browser.newContext()).newPage();
  await desk.goto("/admin/login");
  await desk.getByLabel("Email").fill(admin.email);
  await desk.getByLabel("Password").fill(admin.password);
  await desk.getByRole("button", { name: "Sign In" }).click();
  await expect(desk.getByText("Login successful!")).toBeVisible();
  await desk.goto(`/admin/quotes/${quoteNumber}`);
  await desk
    .getByRole("group", { name: /^Line 1:/ })
    .getByLabel("Unit price ($)")
    .fill("15.00");
  await desk.getByLabel("Valid until").fill(addDays(storeDay(new Date()), 10));
  await desk.getByRole("button", { name: "Send Quote" }).click();
  await expect(desk.getByText(`Quote ${quoteNumber} version 1 sent`)).toBeVisible();

  // Accepted, its checkout asks for approval: no plain "Place Order - $750.00".
  await pat.goto(`/account/quotes/${quoteNumber}`);
  await pat.getByRole("button", { name: "Accept Quote" }).click();
  await expect(pat).toHaveURL(new RegExp(`/checkout\\?quote=${quoteNumber}`));
  await submitAtCheckout(pat, "$100.00");
  await expect(pat.getByRole("main").getByRole("link", { name: `Quote ${quoteNumber}` })).toBeVisible();

  // The company admin approves it: the order is placed at the quote's price, and the quote is ordered.
  await page.goto("/account/approvals");
  await expect(page.getByRole("main").getByRole("link", { name: `Quote ${quoteNumber}` })).toBeVisible();
  await expect(
    page.getByText(`it is above Dana B${lastName}'s $100.00 per-order limit.`, { exact: false }),
  ).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByRole("button", { name: /^Approve .*\$750\.00$/ }).click();
  await expect(page.getByText(/^Order approved and placed: ORD/)).toBeVisible({ timeout: 20_000 });
  await pat.goto(`/account/quotes/${quoteNumber}`);
  await expect(pat.getByRole("main").getByText("Ordered", { exact: true }).first()).toBeVisible();
});
