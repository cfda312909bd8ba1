// Two-factor sign-in for admins, on a store of its own started with ADMIN_REQUIRE_2FA=true (the
// shared store leaves it off, so its admin keeps signing in with a password alone).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { spareStorePort } from "../playwright.config";
import { waitUntilAnswering } from "../scripts/local-server.js";
import { authenticatorCode } from "../test/totp";
import { expectNoAccessibilityViolations, waitForHydration } from "./helpers";

const base = `http://127.0.0.1:${spareStorePort}`;
const admin = { email: "second-admin@cascade.test", password: "second-admin-password" };
const dataDir = mkdtempSync(path.join(tmpdir(), "store-e2e-2fa-"));
let store: ChildProcess | undefined;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  store = spawn(process.execPath, ["scripts/start.js"], {
    env: {
      PATH: process.env.PATH ?? "",
      HOST: "127.0.0.1",
      PORT: String(spareStorePort),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      ADMIN_REQUIRE_2FA: "true",
    },
    stdio: "ignore",
  });
  await waitUntilAnswering(`${base}/healthz`, { child: store });
});

test.afterAll(async () => {
  const child = store;
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** Signs in at the admin login of a page showing it; stops at whatever comes next. */
async function enterPassword(page: Page) {
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** A browser of its own (no cookies), at the admin login. */
async function freshLogin(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  const response = await page.goto(`${base}/admin`);
  expect(response?.status()).toBe(401);
  await waitForHydration(page);
  return page;
}

let totpURI = "";
let recoveryCodes: string[] = [];

test("an admin without two-factor sign-in is sent to set it up, and sets it up with an authenticator", async ({
  browser,
}) => {
  const page = await freshLogin(browser);
  await enterPassword(page);
  await expect(page.getByText("Login successful!")).toBeVisible();
  // Required here: no admin page until it is set up.
  await expect(page).toHaveURL(`${base}/admin/two-factor`);
  await expect(page.getByRole("heading", { level: 1, name: "Two-Factor Sign-In" })).toBeVisible();
  await expect(page.getByText("Set up two-factor sign-in to use the admin pages.")).toBeVisible();
  await page.goto(`${base}/admin/orders`);
  await expect(page).toHaveURL(`${base}/admin/two-factor`);
  await expectNoAccessibilityViolations(page);

  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Show QR Code" }).click();
  await expect(page.getByText("That password is not right.")).toBeVisible();
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Show QR Code" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  totpURI = (await page.getByTestId("totp-uri").textContent()) ?? "";
  expect(totpURI).toMatch(/^otpauth:\/\/totp\/Cascade%20Industrial%20Supply:second-admin%40cascade\.test\?secret=/);
  recoveryCodes = await page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  await expectNoAccessibilityViolations(page);

  const code = page.getByLabel("Code from the app");
  await code.fill("12345");
  await page.getByRole("button", { name: "Turn On Two-Factor Sign-In" }).click();
  await expect(page.getByText("Enter the 6-digit code from your authenticator app")).toBeVisible();
  await code.fill("000000");
  await page.getByRole("button", { name: "Turn On Two-Factor Sign-In" }).click();
  await expect(page.getByText("That code is not right. Check your authenticator app and try again.")).toBeVisible();
  await code.fill(await authenticatorCode(totpURI));
  await page.getByRole("button", { name: "Turn On Two-Factor Sign-In" }).click();
  await expect(page.getByText("Two-factor sign-in is on")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await page.close();
});

test("signing in takes the password, then a code from the app", async ({ browser }) => {
  const page = await freshLogin(browser);
  await enterPassword(page);
  await expect(page).toHaveURL(/\/admin\/login\/code\?redirectTo=%2Fadmin$/);
  await expect(page.getByText(`Signing in as ${admin.email}.`, { exact: false })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  // No session yet: the admin pages still ask for a login.
  expect((await page.request.get(`${base}/admin`)).status()).toBe(401);

  await page.getByLabel("Code").fill("111111");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Login failed: That code is not right." })).toBeVisible();
  await page.getByLabel("Code").fill(await authenticatorCode(totpURI));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Login successful!")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await page.close();
});

test("a recovery code stands in for the app once, also from the store's own sign-in form", async ({ browser }) => {
  const [first] = recoveryCodes;
  const withRecoveryCode = async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${base}/auth`);
    const form = page.getByRole("tabpanel", { name: "Sign In" });
    await form.getByLabel("Email").fill(admin.email);
    await form.getByLabel("Password").fill(admin.password);
    await form.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/admin\/login\/code/);
    await page.getByLabel("Code").fill(first ?? "");
    await page.getByRole("button", { name: "Verify" }).click();
    return page;
  };
  const once = await withRecoveryCode();
  await expect(once.getByText("Login successful!")).toBeVisible();
  await once.goto(`${base}/admin`);
  await expect(once.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  const twice = await withRecoveryCode();
  await expect(twice.getByRole("alert").filter({ hasText: "Login failed:" })).toBeVisible();
});
