import { expect, type Page, test } from "@playwright/test";
import { mailCatcherUrl } from "../playwright.config";
import { addWheels, approveTerms, confirmedBuyer, expectNoAccessibilityViolations, signIn } from "./helpers";

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

  // The invitee opens the link signed out, signs in, comes back and accepts.
  await pat.goto(await invitationLinkFor(buyer.email));
  await expect(pat.getByRole("heading", { level: 1, name: /^Join / })).toBeVisible();
  await expectNoAccessibilityViolations(pat);
  await pat.getByRole("link", { name: "Sign In to Accept" }).click();
  await signInHere(pat, buyer.email, buyer.password);
  await expect(pat).toHaveURL(/\/company\/join\//);
  await expect(pat.getByText(/A person belongs to one company at a time\. Joining moves you from/)).toBeVisible();
  await expectNoAccessibilityViolations(pat);
  await pat.getByRole("button", { name: "Accept Invitation" }).click();
  await expect(pat.getByText(/^You joined /)).toBeVisible();
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
