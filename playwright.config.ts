import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { findTestBrowser } from "./scripts/chromium.js";

const port = Number(process.env.E2E_PORT ?? 3210);
export const smtpPort = port + 1;
export const mailCatcherUrl = `http://127.0.0.1:${port + 2}`;
export const admin = { email: "admin@cascade.test", password: "admin-password-e2e" };
/** For a spec that starts a store of its own (with other settings than the shared one). */
export const spareStorePort = port + 3;
const baseURL = `http://127.0.0.1:${port}`;
// Every run starts from an empty embedded database, as a fresh clone would.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "store-e2e-"));

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  // Playwright empties its output folder when it starts: its own, so the other suites' reports
  // that npm test writes beside it while it runs are kept.
  outputDir: "test-results/e2e",
  retries: 0,
  // Generous: on a loaded 2-core machine a sign-up, a card payment and an e-mail take their time.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? "test-results/e2e.json" }]],
  use: {
    baseURL,
    // A trace records a screenshot and a DOM snapshot at every step of every test, kept or not: on two
    // cores that doubled the suite's CPU (measured: 122 CPU-seconds for checkout.spec.ts with traces,
    // 58 without). A failure keeps its final screenshot; `--trace on` records traces when debugging.
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: findTestBrowser() ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined }, testIgnore: /responsive\.spec\.ts/ },
    { name: "phone", use: { ...devices["Pixel 7"], channel: undefined }, testMatch: /responsive\.spec\.ts/ },
  ],
  webServer: [
    {
      command: "node test/mail-catcher.ts",
      url: `${mailCatcherUrl}/healthz`,
      reuseExistingServer: false,
      env: { SMTP_PORT: String(smtpPort), HTTP_PORT: String(port + 2) },
    },
    {
      command: "node scripts/start.js",
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        PUBLIC_URL: baseURL,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        // Every story signs its buyers up from this one address, more than an office would in an hour.
        SIGN_UPS_PER_ADDRESS: "1000",
      },
    },
  ],
});
