import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { admin } from "../playwright.config";
import {
  confirmedBuyer,
  expectNoAccessibilityViolations,
  linkMailedTo,
  signIn,
  signInAsAdmin,
  signUp,
  subjectsMailedTo,
  uniqueEmail,
} from "./helpers";

test("a buyer signs up, confirms the e-mail, signs in, sees My Account and signs out", async ({ page }) => {
  const email = uniqueEmail("dana");
  await page.goto("/auth");
  await expectNoAccessibilityViolations(page);
  // Sent with Enter: the form empties itself, and the field that had the focus must not send it again.
  await signUp(
    page,
    { email, password: "hunter22", firstName: "Dana", lastName: "Reyes", company: "Reyes Fabrication" },
    { pressEnter: true },
  );
  await expect(
    page.getByText(
      "Please check your email to confirm your account. Your account number will be generated automatically.",
    ),
  ).toBeVisible();
  const signUpForm = page.getByRole("tabpanel", { name: "Create Account" });
  await expect(signUpForm.getByLabel("ZIP")).toHaveValue("");
  await expect(signUpForm.getByText("First name is required")).toHaveCount(0);

  await signIn(page, email, "hunter22");
  await expect(page.getByText("Error signing in")).toBeVisible();
  await expect(page.getByText("Please confirm your email first.", { exact: false })).toBeVisible();

  const link = await linkMailedTo(email);
  expect(new URL(link).pathname).toBe("/api/auth/verify-email");
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\?confirmed=1/);
  await expect(page.getByText("Email confirmed")).toBeVisible();

  await signIn(page, email, "hunter22");
  await expect(page).toHaveURL("/");
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await expect(page.getByText("You have been signed in successfully.")).toBeVisible();

  await page.getByRole("banner").getByRole("link", { name: "Account" }).click();
  await expect(page.getByRole("heading", { name: "My Account" })).toBeVisible();
  await expect(page.getByText("Manage your account information and view order history")).toBeVisible();
  const profile = page.getByRole("tabpanel", { name: "Profile" });
  await expect(profile.getByText("Account Information")).toBeVisible();
  await expect(profile.getByText(/^ACCT-\d{6}$/)).toBeVisible();
  await expect(profile.getByText(email)).toBeVisible();
  await expect(profile.getByText("Dana Reyes")).toBeVisible();
  await expect(profile.getByText("Reyes Fabrication")).toBeVisible();
  await expect(profile.getByText("Not provided")).toBeVisible(); // phone
  await expectNoAccessibilityViolations(page);

  await page.getByRole("tab", { name: "Orders" }).click();
  await expect(page.getByText("No orders found")).toBeVisible();
  await expect(page.getByText("Start shopping to see your order history here")).toBeVisible();
  await page.getByRole("tab", { name: "Insights" }).click();
  await expect(page.getByText("Top 10 Previously Purchased Products")).toBeVisible();
  await expect(page.getByText("No purchase data available")).toBeVisible();
  await expect(page.getByText("Make some purchases to see your buying trends")).toBeVisible();

  await page.getByRole("main").getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
  await page.goto("/account");
  await expect(page).toHaveURL("/auth?redirectTo=%2Faccount");
});

test("the sign-up form names every required field and hides billing while it matches shipping", async ({ page }) => {
  await page.goto("/auth?tab=sign-up");
  const form = page.getByRole("tabpanel", { name: "Create Account" });
  await expect(form.getByLabel("Billing Address Line 1")).toHaveCount(0);
  await form.getByRole("button", { name: "Create Account" }).click();
  for (const message of [
    "First name is required",
    "Last name is required",
    "Email is required",
    "Password is required",
    "Address is required",
    "City is required",
    "State is required",
    "ZIP code must be at least 5 characters",
  ]) {
    await expect(form.getByText(message, { exact: true }).first()).toBeVisible();
  }
  await expect(form.getByLabel("First Name")).toHaveAttribute("aria-invalid", "true");
  await form.getByLabel("Password").fill("12345");
  await form.getByLabel("Password").blur();
  await expect(form.getByText("Password must be at least 6 characters")).toBeVisible();

  await form.getByLabel("Billing address same as shipping").uncheck();
  await expect(form.getByLabel("Billing Address Line 1")).toBeVisible();
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(form.getByText("Address is required")).toHaveCount(2);
  await expectNoAccessibilityViolations(page);

  const signInForm = page.getByRole("tabpanel", { name: "Sign In" });
  await page.getByRole("tab", { name: "Sign In" }).click();
  await signInForm.getByRole("button", { name: "Sign In" }).click();
  await expect(signInForm.getByText("Email is required")).toBeVisible();
  await expect(signInForm.getByText("Password is required")).toBeVisible();
});

test("a buyer who forgot the password resets it with the e-mailed link, once", async ({ page }) => {
  const email = uniqueEmail("forgetful");
  await signUp(page, { email, password: "old-secret", firstName: "Sam", lastName: "Ito" });
  await page.goto(await linkMailedTo(email));

  await page.goto("/auth");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot password?" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  // Sent with Enter: once the form empties itself, nothing more is sent (it once sent the emptied form again).
  await page.getByLabel("Email").press("Enter");
  await expect(page.getByText("If an account exists for that email", { exact: false })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(page.getByText("If an account exists for that email", { exact: false })).toBeVisible();
  await expect(page.getByText("Email is required")).toHaveCount(0);

  await expect.poll(async () => (await linkMailedTo(email)).includes("reset-password")).toBe(true);
  const resetLink = await linkMailedTo(email);
  await page.goto(resetLink);
  await expect(page).toHaveURL(/\/auth\/reset-password\?token=/);
  await page.getByLabel("New Password").fill("new-secret");
  await page.getByRole("button", { name: "Save New Password" }).click();
  await expect(page.getByText("Password updated")).toBeVisible();

  await signIn(page, email, "new-secret");
  await expect(page.getByText("Welcome back!")).toBeVisible();

  await page.goto(resetLink);
  await expect(page.getByText("This reset link has expired or was already used. Ask for a new one.")).toBeVisible();
});

test("a signed-in buyer who opens /auth goes home, and the admin account exists from the start", async ({ page }) => {
  await signIn(page, admin.email, admin.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await page.goto("/auth");
  await expect(page).toHaveURL("/");
});

test("a buyer downloads their data, deletes the account, cannot sign in again, and the e-mail signs up afresh", async ({
  page,
}) => {
  const buyer = await confirmedBuyer(page, "leaving", "Okafor");
  await signIn(page, buyer.email, buyer.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await page.goto("/account");
  const profile = page.getByRole("tabpanel", { name: "Profile" });
  await expect(profile.getByRole("heading", { name: "Your Data" })).toBeVisible();

  const download = page.waitForEvent("download");
  await profile.getByRole("link", { name: "Download my data" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^cascade-account-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile(await file.path(), "utf8"));
  expect(data.account).toMatchObject({ email: buyer.email, name: "Dana Okafor" });
  expect(data.profile).toMatchObject({
    lastName: "Okafor",
    shippingAddress: { line1: "100 Main St", city: "Portland" },
  });
  expect(data.orders).toEqual([]);

  // Another site cannot post the deletion with the buyer's cookies.
  const crossSite = await page.request.post("/account", {
    form: { password: buyer.password },
    headers: { Origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(crossSite.status()).toBe(403);

  await profile.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog.getByText("Your orders stay in our records for accounting", { exact: false })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await dialog.getByLabel("Password").fill("not-my-password");
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(dialog.getByText("Incorrect password")).toBeVisible();
  await expect(dialog.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByLabel("Password").fill(buyer.password);
  await dialog.getByRole("button", { name: "Delete my account" }).click();

  await expect(page).toHaveURL("/");
  await expect(page.getByText("Account deleted")).toBeVisible();
  await expect(
    page.getByText("Your account and saved data have been deleted, and you have been signed out."),
  ).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
  await page.goto("/account");
  await expect(page).toHaveURL("/auth?redirectTo=%2Faccount");
  await page.goto("/account/data");
  await expect(page).toHaveURL("/auth?redirectTo=%2Faccount%2Fdata");

  await signIn(page, buyer.email, buyer.password);
  await expect(page.getByText("Invalid email or password")).toBeVisible();
  await signUp(page, buyer);
});

test("an admin is told why the admin account cannot be deleted from My Account", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/account");
  const profile = page.getByRole("tabpanel", { name: "Profile" });
  await expect(
    profile.getByText("Admin accounts cannot be deleted here: the audit log must keep which admin made each change."),
  ).toBeVisible();
  await expect(profile.getByRole("button", { name: "Delete my account" })).toHaveCount(0);
  await expect(profile.getByRole("link", { name: "Download my data" })).toBeVisible();
});

test("a sign-up with an e-mail that has an account looks like any other, and the owner is told by e-mail", async ({
  page,
}) => {
  const buyer = await confirmedBuyer(page, "owner");
  await page.context().clearCookies();
  await signUp(page, { ...buyer, firstName: "Mallory", password: "another-pass" });
  await expect(
    page.getByText(
      "Please check your email to confirm your account. Your account number will be generated automatically.",
    ),
  ).toBeVisible();
  await expect
    .poll(() => subjectsMailedTo(buyer.email), { timeout: 15_000 })
    .toContain("Someone tried to create an account with your e-mail");
  // The account is the owner's as before.
  await signIn(page, buyer.email, buyer.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
});

test("after wrong passwords the sign-in says how long to wait, and the right password works after it", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const buyer = await confirmedBuyer(page, "typo");
  const waitMessage = page.getByText(/^Too many failed sign-ins\. Please wait (\d+) seconds? and try again\.$/);
  for (let attempt = 0; attempt < 8 && !(await waitMessage.isVisible()); attempt++) {
    await signIn(page, buyer.email, "not-my-password");
    await expect(page.getByText("Error signing in").last()).toBeVisible();
  }
  await expect(waitMessage).toBeVisible();
  const seconds = Number((await waitMessage.textContent())?.match(/wait (\d+) second/)?.[1]);
  expect(seconds).toBeLessThanOrEqual(8);
  await page.waitForTimeout(seconds * 1000 + 200);
  await signIn(page, buyer.email, buyer.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
});
