import { expect, test } from "@playwright/test";
import {
  addWheels,
  confirmedBuyer,
  expectNoAccessibilityViolations,
  payWithCard,
  signIn,
  signInAsAdmin,
} from "./helpers";

const certificatePdf = Buffer.from("%PDF-1.4\n% Texas Sales and Use Tax Exemption Certification\n%%EOF\n");

test("a company admin uploads a Texas certificate, the store admin approves it, and a Texas order is not taxed while a California one is", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000); // a buyer signs up and confirms by e-mail, the admin reviews, two card orders
  const buyer = await confirmedBuyer(page, "exempt", `Exempt${Date.now().toString(36)}`);
  const certificate = `TX-${Date.now().toString(36).toUpperCase()}`;
  const exemption = `Tax exempt: certificate ${certificate} (Texas)`;

  // The company admin (a buyer on their own is their company's admin) uploads the certificate.
  await signIn(page, buyer.email, buyer.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await page.goto("/account");
  await page.getByRole("link", { name: "Tax Certificates" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tax-Exempt Certificates" })).toBeVisible();
  await expect(page.getByText("Your company has no tax-exempt certificates yet.")).toBeVisible();
  await page.getByLabel("State").selectOption("TX");
  await page.getByLabel("Certificate number").fill(certificate);
  await page.getByLabel("Expiry date").fill("2030-12-31");
  await page.getByLabel("Certificate file").setInputFiles({
    name: "texas-exemption.pdf",
    mimeType: "application/pdf",
    buffer: certificatePdf,
  });
  await page.getByRole("button", { name: "Upload Certificate" }).click();
  await expect(page.getByText("Certificate for Texas uploaded")).toBeVisible();
  await expect(page.getByText(`Texas · ${certificate}`)).toBeVisible();
  await expect(page.getByText("Waiting for review")).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // A file that is not a certificate is refused on its field.
  await page.getByLabel("State").selectOption("CA");
  await page.getByLabel("Certificate number").fill("CA-1");
  await page.getByLabel("Expiry date").fill("2030-12-31");
  await page.getByLabel("Certificate file").setInputFiles({
    name: "notes.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("just some notes"),
  });
  await page.getByRole("button", { name: "Upload Certificate" }).click();
  await expect(page.getByText(/neither a PDF nor a JPEG, PNG or WebP picture/)).toBeVisible();
  await expect(page.getByLabel("Certificate file")).toHaveAttribute("aria-invalid", "true");
  await expectNoAccessibilityViolations(page);

  // The store admin opens the queue and approves it.
  const officeContext = await browser.newContext();
  const office = await officeContext.newPage();
  await signInAsAdmin(office);
  await office.goto("/admin");
  await office.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Tax Certificates" }).click();
  await expect(office.getByRole("heading", { level: 1, name: "Tax Certificates" })).toBeVisible();
  const row = office.getByRole("row").filter({ hasText: certificate });
  await expect(row.getByRole("link", { name: `Open file of certificate ${certificate} (Texas)` })).toHaveAttribute(
    "href",
    /^\/admin\/tax-certificates\/[0-9a-f-]{36}\/file$/,
  );
  await expectNoAccessibilityViolations(office);
  await row.getByRole("button", { name: `Reject certificate ${certificate} (Texas)` }).click();
  const dialog = office.getByRole("dialog", { name: `Reject certificate ${certificate} (Texas)?` });
  await expect(dialog.getByLabel("Reason for rejecting")).toBeVisible();
  await expectNoAccessibilityViolations(office);
  await dialog.getByRole("button", { name: "Keep Certificate" }).click();
  await row.getByRole("button", { name: `Approve certificate ${certificate} (Texas)` }).click();
  await expect(office.getByText(`Certificate ${certificate} (Texas) approved`)).toBeVisible();
  // The buyer cannot open the file or the back office.
  expect((await page.request.get("/admin/tax-certificates")).status()).toBe(403);
  await office.goto("/admin/tax-certificates?show=approved");
  const href = await office
    .getByRole("row")
    .filter({ hasText: certificate })
    .getByRole("link", { name: /^Open file/ })
    .getAttribute("href");
  expect((await page.request.get(href ?? "")).status()).toBe(403);
  const opened = await office.request.get(href ?? "");
  expect(opened.status()).toBe(200);
  expect(opened.headers()["content-type"]).toBe("application/pdf");
  await officeContext.close();

  // Shipped to Texas: no tax, and the checkout says why.
  await page.reload();
  await expect(page.getByText("Approved", { exact: true })).toBeVisible();
  await addWheels(page, 2);
  await page.goto("/checkout");
  const main = page.getByRole("main");
  await expect(main.getByRole("button", { name: /^Place Order - / })).toBeEnabled();
  await main.getByLabel("Phone").fill("5035550142");
  await main.getByLabel("State", { exact: true }).selectOption("TX");
  const summary = page.getByRole("complementary", { name: "Order Summary" });
  await expect(summary.getByText(exemption)).toBeVisible();
  await expect(main.getByRole("button", { name: "Place Order - $25.98" })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await main.getByRole("button", { name: "Place Order - $25.98" }).click();
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  await expect(page.getByText("Payment successful!")).toBeVisible();
  const details = page.getByRole("main");
  await expect(details.getByText(exemption)).toBeVisible();
  await expect(details.getByRole("definition").filter({ hasText: "$0.00" })).toBeVisible();
  const texasOrder = page.url().split("/").pop() ?? "";
  await page.goto(`/account/orders/${texasOrder}`);
  await expect(page.getByRole("main").getByText(exemption)).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // Shipped to California: taxed, 25.98 × 8.25% = 2.14.
  await addWheels(page, 2);
  await page.goto("/checkout");
  await expect(main.getByRole("button", { name: /^Place Order - / })).toBeEnabled();
  await main.getByLabel("Phone").fill("5035550142");
  await main.getByLabel("State", { exact: true }).selectOption("CA");
  await expect(main.getByRole("button", { name: "Place Order - $28.12" })).toBeVisible();
  await expect(summary.getByText(/^Tax exempt/)).toHaveCount(0);
  await main.getByRole("button", { name: "Place Order - $28.12" }).click();
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page.getByRole("main").getByRole("definition").filter({ hasText: "$2.14" })).toBeVisible();
  await expect(page.getByText("Payment successful!")).toBeVisible();
  await expect(page.getByRole("main").getByText(/^Tax exempt/)).toHaveCount(0);
});
