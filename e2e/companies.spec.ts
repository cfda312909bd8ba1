import { expect, type Page, test } from "@playwright/test";
import { mailCatcherUrl } from "../playwright.config";
import {
  addWheels,
  adminFindsCustomers,
  approveTerms,
  confirmedBuyer,
  expectNoAccessibilityViolations,
  signIn,
  subjectsMailedTo,
} from "./helpers";

/** The invitation link mailed to `email` (the newest mail to it with one). */
async function invitationLinkFor(email: string): Promise<string> {
  let link = "";
  await expect
    .poll(
      async () => {
        const response = await fetch(`${mailCatcherUrl}/messages?to=${encodeURIComponent(email)}`);
        link = ((await response.json()) as { link?: string }).link ?? "";
        return link;
      },
      { message: `an invitation mailed to ${email}`, timeout: 15_000 },
    )
    .toContain("/company/join/");
  return link;
}

async function signInHere(page: Page, email: string, password: string) {
  const form = page.getByRole("tabpanel", { name: "Sign In" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
}

test("a company admin invites a buyer who joins by the e-mailed link and orders on the company's terms; the admin sees the order; as a viewer the buyer cannot order", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000); // two people sign up and confirm by e-mail, the store's admin grants terms
  const lastName = `Acme${Date.now().toString(36)}`;
  const owner = await confirmedBuyer(page, "owner", lastName);
  await approveTerms(browser, lastName, "500");

  // The buyer-to-be has an account of their own already.
  const patContext = await browser.newContext();
  const pat = await patContext.newPage();
  const buyer = await confirmedBuyer(pat, "pat", `Buyer${lastName}`);

  // The company admin invites them as a buyer from the members page.
  await signIn(page, owner.email, owner.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await page.goto("/account");
  await page.getByRole("link", { name: "Company Members" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Company Members" })).toBeVisible();
  await page.getByLabel("Email").fill(buyer.email);
  await page.getByLabel("Role", { exact: true }).selectOption("Buyer");
  await expectNoAccessibilityViolations(page);
  await page.getByRole("button", { name: "Send Invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${buyer.email}`)).toBeVisible();
  await expect(page.getByText(`${buyer.email} · Buyer`)).toBeVisible();

  // The invitee opens the link signed out, signs in, comes back, reads what joining does to their
  // own account of one, and confirms.
  await pat.goto(await invitationLinkFor(buyer.email));
  await expect(pat.getByRole("heading", { level: 1, name: /^Join / })).toBeVisible();
  await expect(pat.getByText(`${buyer.email} already has an account with us. Sign in to accept.`)).toBeVisible();
  await expectNoAccessibilityViolations(pat);
  await pat.getByRole("link", { name: "Sign In to Accept" }).click();
  await signInHere(pat, buyer.email, buyer.password);
  await expect(pat).toHaveURL(/\/company\/join\//);
  const closing = pat.getByRole("region", { name: /^Joining closes your account ACCT-\d+$/ });
  await expect(closing).toContainText("You have placed no orders on it.");
  await expect(closing).toContainText("Your cart stays as it is");
  await expectNoAccessibilityViolations(pat);
  const own = /ACCT-\d+/.exec((await closing.getByRole("heading").textContent()) ?? "")?.[0] ?? "";
  await pat.getByRole("button", { name: new RegExp(`^Close ${own} and Join `) }).click();
  await expect(pat.getByText(/^You joined /)).toBeVisible();
  await expect(pat.getByText(`Your account ${own} is closed`, { exact: false })).toBeVisible();
  await expect(pat.getByText("Buyer", { exact: true })).toBeVisible();

  // The buyer orders on the company's Net 30 terms, within its limit.
  await addWheels(pat, 2);
  await pat.goto("/checkout");
  const main = pat.getByRole("main");
  await main.getByRole("radio", { name: "Net 30 Terms (Pay within 30 days) Approved" }).check();
  await expect(main.getByText("Credit Limit: $500.00", { exact: true })).toBeVisible();
  await main.getByLabel("Phone").fill("5035550142");
  await main.getByRole("button", { name: "Place Order - $25.98" }).click();
  // Placing writes the invoice PDF for the e-mail: slower than a page on a busy machine.
  await expect(pat.getByText("Net 30 order placed successfully! Payment due within 30 days.")).toBeVisible({
    timeout: 20_000,
  });
  await expect(pat).toHaveURL(/\/order-confirmation\/ORD/);
  const orderNumber = pat.url().split("/").at(-1) ?? "";

  // The company admin sees it, and the credit it used.
  await page.goto(`/account/orders/${orderNumber}`);
  await expect(page.getByRole("heading", { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
  await page.goto("/account/credit");
  await expect(page.getByRole("table", { name: "Open Invoices" })).toContainText("$25.98");

  // Made a viewer, the buyer still sees the order but can no longer check out.
  await page.goto("/account/company");
  await page.getByRole("combobox", { name: `Role of ${buyer.email}` }).selectOption("Viewer");
  await page.getByRole("button", { name: `Change Role of ${buyer.email}` }).click();
  await expect(page.getByText(`${buyer.email} is now viewer`)).toBeVisible();

  await pat.goto(`/account/orders/${orderNumber}`);
  await expect(pat.getByRole("heading", { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
  await addWheels(pat, 1);
  await pat.goto("/checkout");
  await expect(
    pat.getByText("Your role in this company does not allow placing orders. Ask your company admin."),
  ).toBeVisible();
  await expect(pat.getByRole("button", { name: /^Place Order/ })).toHaveCount(0);
  await expect(pat.getByRole("radio", { name: /Net 30 Terms/ })).toHaveCount(0);
  await expectNoAccessibilityViolations(pat);
  await patContext.close();
});

test("a person new to the store joins from the invitation with a name and a password, signed in at once with no account of their own; the store admin sees one account with both people and revokes its Net 90 terms once", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000); // the company admin signs up and confirms; the store admin signs in twice
  const lastName = `Joiner${Date.now().toString(36)}`;
  const owner = await confirmedBuyer(page, "lone", lastName);

  // Alone on the account, with no company name, the owner is an individual: no company role is shown.
  await signIn(page, owner.email, owner.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await page.goto("/account");
  const profile = page.getByRole("tabpanel", { name: "Profile" });
  await expect(profile.getByText("Individual", { exact: true })).toBeVisible();
  await expect(profile.getByText("Your Role")).toHaveCount(0);
  const accountNumber = (await profile.getByText(/^ACCT-\d+$/).textContent()) ?? "";

  // The owner invites someone who has never been to the store.
  await page.goto("/account/company");
  const invitee = `newcomer-${Date.now().toString(36)}@example.com`;
  await page.getByLabel("Email").fill(invitee);
  await page.getByLabel("Role", { exact: true }).selectOption("Buyer");
  await page.getByRole("button", { name: "Send Invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${invitee}`)).toBeVisible();

  // They open the link: their address is filled in and cannot be changed; a name and a password are all it takes.
  const newcomerContext = await browser.newContext();
  const newcomer = await newcomerContext.newPage();
  await newcomer.goto(await invitationLinkFor(invitee));
  const email = newcomer.getByLabel("Email");
  await expect(email).toHaveValue(invitee);
  await expect(email).not.toBeEditable();
  await newcomer.getByRole("button", { name: /^Join / }).click();
  await expect(newcomer.getByText("First name is required")).toBeVisible();
  await expect(newcomer.getByText("Password is required")).toBeVisible();
  await expectNoAccessibilityViolations(newcomer);
  await newcomer.getByLabel("First Name").fill("Nia");
  await newcomer.getByLabel("Last Name").fill(lastName);
  await newcomer.getByLabel("Password").fill("hunter22");
  await newcomer.getByRole("button", { name: /^Join / }).click();
  await expect(newcomer.getByText(/^You joined /)).toBeVisible();
  await expect(newcomer).toHaveURL(/\/account$/);
  const theirs = newcomer.getByRole("tabpanel", { name: "Profile" });
  await expect(theirs.getByText(accountNumber, { exact: true })).toBeVisible();
  await expect(theirs.getByText("Buyer", { exact: true })).toBeVisible();
  await expectNoAccessibilityViolations(newcomer);
  // Only the invitation was mailed: no confirmation link to open.
  expect(await subjectsMailedTo(invitee)).toEqual([expect.stringMatching(/^You are invited to buy for /)]);
  await newcomerContext.close();

  // The store admin finds one account with both people, and grants it Net 90 once.
  const { page: office, rows, close } = await adminFindsCustomers(browser, lastName);
  await expect(rows).toHaveCount(1);
  await expect(rows.getByRole("listitem").filter({ hasText: `Dana ${lastName}` })).toContainText("Company admin");
  await expect(rows.getByRole("listitem").filter({ hasText: `Nia ${lastName}` })).toContainText("Buyer");
  await expect(rows).toContainText("2 members");
  await rows.getByRole("button", { name: /Approve Net 30/ }).click();
  const approve = office.getByRole("dialog", { name: "Approve Net 30 Terms" });
  await expect(approve).toContainText("They apply to all 2 people buying on the account, who share the limit.");
  await approve.getByLabel("Payment Terms").selectOption("Net 90");
  await approve.getByLabel("Credit Limit ($)").fill("5000");
  await approve.getByRole("button", { name: "Approve" }).click();
  await expect(office.getByText("Net 90 terms approved successfully")).toBeVisible();
  await expect(rows.getByRole("button", { name: /^Revoke/ })).toHaveCount(1);
  await rows.getByRole("button", { name: /^Revoke/ }).click();
  const revoke = office.getByRole("dialog", { name: "Revoke Net 90 Terms?" });
  await expect(revoke).toContainText("Unpaid Net 90 invoices stay due.");
  await expectNoAccessibilityViolations(office);
  await revoke.getByRole("button", { name: "Revoke Terms" }).click();
  await expect(office.getByText("Net 90 terms revoked successfully")).toBeVisible();
  await expect(rows.getByText("Not Approved")).toBeVisible();
  await close();
});
