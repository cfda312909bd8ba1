// Each mail's content: its HTML part carries the facts and real links, its text part the same facts
// with the same links written out, both in the store's layout with its contact details. The order
// confirmation and shipping notice are checked on real orders (server/orders/*.integration.test.ts).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { confirmEmailMessage, resetPasswordMessage, signUpAttemptMessage } from "../accounts/messages";
import {
  approvalRequestMessage,
  approvedOrderFailedMessage,
  orderApprovedMessage,
  orderRejectedMessage,
} from "../approvals/messages";
import { backInStockMessage } from "../catalog/products/back-in-stock";
import { invitationMessage } from "../companies/members";
import { certificateReminderMessage } from "../companies/tax-certificates";
import { loadConfig } from "../config";
import { cancellationMessages, shipmentMessage } from "../orders/messages";
import { quoteReadyMessage } from "../quotes/quoting";
import { returnRequestedMessage } from "../returns/messages";
import type { ReturnView } from "../returns/view";
import { invoicePaymentReceiptMessage, invoiceReminderMessage } from "../terms/invoice-mails";
import type { Mail } from "./mailer";
import { composeMail } from "./templates/compose";

const store = "https://store.test";

beforeAll(() => {
  loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "mails-")),
    PUBLIC_URL: store,
    AUTH_SECRET: "mail-tests-secret-0123456789abcdef0123",
    STORE_EMAIL: "help@store.test",
    STORE_PHONE: "(503) 555-0199",
  });
});

/** The hrefs of the HTML part, as a mail client reads them. */
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map(([, href]) => href?.replaceAll("&amp;", "&"));

/** What every mail carries: the store's name on top, its contact details at the foot of both parts. */
function expectStoreLayout(mail: Mail) {
  expect(mail.html).toMatch(/^<!DOCTYPE html/);
  expect(mail.html).toContain('lang="en"');
  expect(mail.html).toContain("INDUSTRIAL SUPPLY");
  expect(mail.html).toContain("Cascade Industrial Supply");
  expect(hrefs(mail.html)).toEqual(expect.arrayContaining([store, "tel:5035550199", "mailto:help@store.test"]));
  expect(mail.text).toContain(
    "--\nCascade Industrial Supply\nNeed Help? Call (503) 555-0199 or e-mail help@store.test, Monday-Friday 8AM-6PM EST.\nhttps://store.test\n",
  );
  // The only links are the store's, its contact details and those a mail names.
  for (const href of hrefs(mail.html)) expect(href).toMatch(/^(https:\/\/|tel:|mailto:)/);
}

/** The mail's own link: a button in the HTML, and the first link of the text, with its words. */
function expectMainLink(mail: Mail, label: string, href: string) {
  expect(mail.html).toContain(`>${label}</span>`);
  expect(hrefs(mail.html)).toContain(href);
  expect(mail.text).toContain(`${label}: ${href}`);
  expect(mail.text.match(/https?:\/\/\S+/)?.[0]).toBe(href);
}

describe("the account mails", () => {
  it("confirms an e-mail address with better-auth's link", async () => {
    const url = `${store}/api/auth/verify-email?token=abc.def&callbackURL=/auth`;
    const mail = await confirmEmailMessage("new@example.com", url);
    expect(mail.subject).toBe("Confirm your e-mail for Cascade Industrial Supply");
    expectStoreLayout(mail);
    expectMainLink(mail, "Confirm your e-mail", url);
    for (const part of [mail.html, mail.text]) expect(part).toContain("The link works for 24 hours.");
  });

  it("resets a password with a link that works once, for an hour", async () => {
    const url = `${store}/api/auth/reset-password/tok123?callbackURL=%2Fauth%2Freset-password`;
    const mail = await resetPasswordMessage("me@example.com", url);
    expect(mail.subject).toBe("Reset your Cascade Industrial Supply password");
    expectStoreLayout(mail);
    expectMainLink(mail, "Choose a new password", url);
    for (const part of [mail.html, mail.text]) expect(part).toContain("The link works once, for 60 minutes.");
  });

  it("tells an owner someone tried to sign up with their address, with the sign-in and reset pages", async () => {
    const mail = await signUpAttemptMessage("owner@example.com");
    expectStoreLayout(mail);
    expectMainLink(mail, "If it was you, sign in here", `${store}/auth`);
    expect(hrefs(mail.html)).toContain(`${store}/auth/forgot-password`);
    expect(mail.text).toContain(`Forgot your password? Choose a new one here: ${store}/auth/forgot-password`);
  });
});

describe("the catalogue and company mails", () => {
  it("says a part is back in stock, with its count and page", async () => {
    const mail = await backInStockMessage("waiting@example.com", {
      name: "Flap Disc 80 Grit",
      partNumber: "FD-80-001",
      slug: "flap-disc-80",
      stockLevel: 1250,
    });
    expect(mail.subject).toBe("Back in stock: Flap Disc 80 Grit (FD-80-001)");
    expectStoreLayout(mail);
    expectMainLink(mail, "Order it here", `${store}/products/flap-disc-80`);
    for (const part of [mail.html, mail.text])
      expect(part).toContain("Flap Disc 80 Grit (FD-80-001) is back in stock: 1,250 available as we write.");
  });

  it("invites a member with the one-time link, the role and the days it works", async () => {
    const link = `${store}/company/join/T0k3n`;
    const mail = await invitationMessage("pat@example.com", { companyName: "Acme", role: "approver", link, days: 7 });
    expect(mail.subject).toBe("You are invited to buy for Acme at Cascade Industrial Supply");
    expectStoreLayout(mail);
    expectMainLink(mail, "Join your company", link);
    expect(mail.text).toContain("You are invited to join Acme's account at Cascade Industrial Supply as approver.");
    expect(mail.html).toContain(
      "You are invited to join Acme&#x27;s account at Cascade Industrial Supply as approver.",
    );
    for (const part of [mail.html, mail.text]) expect(part).toContain("The link works once, for 7 days.");
  });

  it("reminds a company's admin that a tax certificate expires, with the page to renew it", async () => {
    const mail = await certificateReminderMessage("admin@example.com", {
      state: "TX",
      certificateNumber: "TX-1234567",
      expiresOn: "2027-03-31",
      companyName: "Acme",
    });
    expect(mail.subject).toBe("Your Texas tax-exempt certificate expires on March 31, 2027");
    expectStoreLayout(mail);
    expectMainLink(mail, "Upload the renewed certificate", `${store}/account/company/tax-certificates`);
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain("The Texas tax-exempt certificate TX-1234567 of Acme expires on March 31, 2027.");
      expect(part).toContain("orders shipped to Texas are taxed again");
    }
  });

  it("keeps a company name that looks like a link as text, never a link", async () => {
    const mail = await certificateReminderMessage("admin@example.com", {
      state: "TX",
      certificateNumber: "TX-1",
      expiresOn: "2027-03-31",
      companyName: 'https://evil.example/"><script>alert(1)</script>',
    });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(hrefs(mail.html).some((href) => href?.includes("evil"))).toBe(false);
  });
});

describe("the quote and approval mails", () => {
  it("sends a quote with its figures, the store's message, the PDF and the link to answer it", async () => {
    const attachment = { filename: "Q-000123-v2.pdf", contentType: "application/pdf", content: "JVBERi0=" };
    const mail = await quoteReadyMessage("buyer@example.com", "Q-000123", 2, {
      subtotal: "1955.00",
      validUntil: "2027-01-15",
      message: "Our best prices.\nCall me about the bracket.",
      attachment,
    });
    expect(mail.subject).toBe("Your quote Q-000123 is ready");
    expect(mail.attachments).toEqual([attachment]);
    expectStoreLayout(mail);
    expectMainLink(mail, "Open your quote", `${store}/account/quotes/Q-000123`);
    expect(mail.text).toContain("Your quote Q-000123 is ready (version 2).");
    expect(mail.text).toContain("Subtotal: $1,955.00\nValid until: January 15, 2027");
    expect(mail.text).toContain(
      "Message from Cascade Industrial Supply:\nOur best prices.\nCall me about the bracket.",
    );
    expect(mail.html).toContain("$1,955.00");
    expect(mail.html).toContain("January 15, 2027");
    expect(mail.html).toContain("Our best prices.\nCall me about the bracket.");
  });

  it("asks an approver, with the order's lines and figures", async () => {
    const mail = await approvalRequestMessage("boss@example.com", {
      buyerName: "Bea Test",
      total: "129.88",
      reason: "It is above Bea Test's $100.00 per-order limit.",
      lines: [
        {
          name: "Grinding Wheel 4.5 in",
          partNumber: "GW-45-001",
          quantity: 10,
          unit: "EA",
          packQuantity: 1,
          unitPriceCents: 1299,
          lineTotalCents: 12990,
        },
        {
          name: "Cut-off Wheel 4.5 in",
          partNumber: "CW-45-025",
          quantity: 2,
          unit: "BX",
          packQuantity: 25,
          unitPriceCents: 3575,
          lineTotalCents: 7150,
        },
      ],
    });
    expect(mail.subject).toBe("Order for approval: $129.88 from Bea Test");
    expectStoreLayout(mail);
    expectMainLink(mail, "Approve or reject it here", `${store}/account/approvals`);
    expect(mail.text).toContain("Bea Test submitted an order of $129.88 for your approval.");
    expect(mail.text).toContain("- Grinding Wheel 4.5 in (SKU: GW-45-001): 10 x $12.99 = $129.90");
    expect(mail.text).toContain(
      "- Cut-off Wheel 4.5 in (SKU: CW-45-025): 2 boxes x $35.75 = $71.50\n  Box of 25 ($1.43 each)",
    );
    for (const fact of ["2 boxes x $35.75", "Box of 25 ($1.43 each)"]) expect(mail.html).toContain(fact);
    for (const fact of ["Grinding Wheel 4.5 in", "SKU: GW-45-001", "10 x $12.99", "$129.90", "$129.88"])
      expect(mail.html).toContain(fact);
    expect(mail.html).toContain("It is above Bea Test&#x27;s $100.00 per-order limit.");
  });

  it("tells the buyer the order was approved, failed after approval, or was rejected with the note", async () => {
    const approved = await orderApprovedMessage("bea@example.com", { total: "129.88", orderNumber: "ORD1ABCDE" });
    expectStoreLayout(approved);
    expectMainLink(approved, "View it", `${store}/account/orders/ORD1ABCDE`);
    expect(approved.text).toContain("Your order of $129.88 was approved and placed as order ORD1ABCDE.");

    const failed = await approvedOrderFailedMessage("bea@example.com", { total: "129.88", reason: "Only 3 in stock." });
    expectStoreLayout(failed);
    expectMainLink(failed, "Please check your cart and order again", `${store}/account/approvals`);
    expect(failed.html).toContain("could not be placed: Only 3 in stock.");

    const rejected = await orderRejectedMessage("bea@example.com", { total: "129.88", note: "Use the blanket PO." });
    expectStoreLayout(rejected);
    expectMainLink(rejected, "See your submissions", `${store}/account/approvals`);
    for (const part of [rejected.html, rejected.text]) expect(part).toContain("Use the blanket PO.");
  });
});

describe("the mails of an order's shipments, cancellations and returns", () => {
  // Only what these mails read of the order.
  const order = {
    orderNumber: "ORD1ABCDE",
    status: "processing",
    invoiceNumber: null,
    firstName: "Bea",
    lastName: "Test",
    companyName: null,
    shippingAddressLine1: "1 Mill St",
    shippingCity: "Portland",
    shippingState: "OR",
    shippingZip: "97201",
  } as unknown as Parameters<typeof shipmentMessage>[0];
  const lines = [
    { part: "CW-45-025", name: "Cut-off Wheel 4.5 in", quantity: 2, unit: "BX" },
    { part: "LOM-50-FT", name: "Loom Tubing", quantity: 1, unit: "FT" },
    { part: "GW-45-001", name: "Grinding Wheel 4.5 in", quantity: 3, unit: "EA" },
  ];
  const counted = [
    "- 2 boxes x Cut-off Wheel 4.5 in (SKU: CW-45-025)",
    "- 1 foot x Loom Tubing",
    "- 3 x Grinding Wheel",
  ];
  const expectUnits = (mail: Mail) => {
    for (const line of counted) expect(mail.text).toContain(line);
    for (const quantity of ["Quantity: 2 boxes", "Quantity: 1 foot", "Quantity: 3<"])
      expect(mail.html).toContain(quantity);
  };

  it("counts each line in its unit of sale, as the confirmation does", async () => {
    const shipment = { number: 1, carrier: "ups", trackingNumber: null, shippedAt: new Date(), lines } as const;
    expectUnits(await shipmentMessage(order, shipment, "bea@example.com"));
    const cancellation = { number: 1, amount: "80.00", refunded: "0.00", lines, whole: false };
    const cancelled = await cancellationMessages(order, cancellation, "bea@example.com", "help@store.test", true);
    for (const mail of cancelled) expectUnits(mail);
    const view = { orderNumber: "ORD1ABCDE", requestedAt: new Date(), reason: "damaged", note: null, lines };
    expectUnits(await returnRequestedMessage(view as unknown as ReturnView, "bea@example.com"));
  });
});

describe("composeMail", () => {
  it("refuses a link that is not a web address", async () => {
    await expect(
      composeMail({
        to: "a@example.com",
        subject: "x",
        blocks: [{ type: "button", label: "Open", href: "javascript:alert(1)" }],
      }),
    ).rejects.toThrow("A mail link must be an http(s) URL");
  });
});

describe("the invoice payment mails", () => {
  it("gives the receipt of an online payment: each invoice's share, what it still owes, and the balance", async () => {
    const mail = await invoicePaymentReceiptMessage("dana@example.com", {
      reference: "tp_abc123",
      paidAt: new Date("2026-12-02T17:00:00Z"),
      amount: "58.97",
      lines: [
        { invoiceNumber: "INV-000001", orderNumber: "ORD1", paid: "20.00", balance: "31.96" },
        { invoiceNumber: "INV-000002", orderNumber: "ORD2", paid: "38.97", balance: "0.00" },
      ],
      remainingBalance: "31.96",
    });
    expect(mail.subject).toBe("Payment received: $58.97");
    expectStoreLayout(mail);
    expectMainLink(mail, "Your open invoices and statements", `${store}/account/credit`);
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain("Thank you: we received your card payment of $58.97 on December 2, 2026.");
      expect(part).toContain("tp_abc123");
      expect(part).toContain("INV-000001 (order ORD1): paid $20.00, balance $31.96");
      expect(part).toContain("INV-000002 (order ORD2): paid $38.97, paid in full");
      expect(part).toContain("$31.96");
    }
    expect(mail.text).toContain("Remaining balance on your account: $31.96");
  });

  it("reminds of an invoice due soon, and of one overdue, with the link to pay it", async () => {
    const reminder = {
      invoiceNumber: "INV-000007",
      orderNumber: "ORD7",
      dueDate: new Date("2027-01-01T05:00:00Z"),
      balance: "25.98",
      companyName: "Reyes Fab",
    };
    const soon = await invoiceReminderMessage("ap@example.com", { ...reminder, kind: "due_soon" });
    expect(soon.subject).toBe("Invoice INV-000007 is due on January 1, 2027: $25.98");
    expectStoreLayout(soon);
    expectMainLink(soon, "Pay it in your Credit Center", `${store}/account/credit`);
    for (const part of [soon.html, soon.text])
      expect(part).toContain(
        "Invoice INV-000007 of Reyes Fab (order ORD7) is due on January 1, 2027, with $25.98 still open.",
      );
    const late = await invoiceReminderMessage("ap@example.com", { ...reminder, kind: "overdue" });
    expect(late.subject).toBe("Invoice INV-000007 is overdue: $25.98");
    expectStoreLayout(late);
    for (const part of [late.html, late.text])
      expect(part).toContain(
        "Invoice INV-000007 of Reyes Fab (order ORD7) was due on January 1, 2027 and $25.98 is still open.",
      );
  });
});
