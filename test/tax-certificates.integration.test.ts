// Tax-exempt certificates end to end on the driver under test: the company admin's upload (checked
// field by field, the file by its content), who may see and change which certificate, the store
// admin's review with its audit entries, the tax taken off an order to the certificate's state (and
// charged again after expiry), and the expiry reminder, sent once.

import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { action as companyAction, loader as companyLoader } from "../app/routes/account.company.tax-certificates";
import { loader as fileLoader } from "../app/routes/admin/tax-certificate-file";
import { action as reviewAction, loader as reviewLoader } from "../app/routes/admin/tax-certificates";
import { MAX_CERTIFICATE_BYTES } from "../domain/companies/tax-exemption";
import { addToCart, clearCart, findOrCreateCart } from "../server/cart/cart";
import {
  certificateStorage,
  certificateUploadLimit,
  companyCertificates,
  MAX_CERTIFICATES_PER_COMPANY,
  removeCertificate,
  reviewCertificate,
  sendCertificateReminders,
  uploadCertificate,
} from "../server/companies/tax-certificates";
import { type SignedInUser, userContext } from "../server/context";
import { adminAuditLog, mailQueue, orders, taxCertificates, user } from "../server/db/schema";
import { orderDocument } from "../server/documents/order-document";
import { StoreError } from "../server/errors";
import { placeOrder } from "../server/orders/place-order";
import { cartSummary } from "../server/pricing/price";
import { updateStoreSettings } from "../server/terms/settings";
import { grindingWheel, insertProduct } from "./catalog-fixtures";
import { checkoutInput } from "./checkout-input";
import { withTestDatabase } from "./database";
import { asBuyer, joinByInvitation, profileWithCompany, requestContext } from "./store-fixtures";

const { handle } = withTestDatabase();
const db = () => handle().db;

const PDF = new TextEncoder().encode("%PDF-1.4\n% Texas sales and use tax exemption certificate\n%%EOF\n");
// Thursday, November 26, 2026, 10:00 in New York.
const today = new Date("2026-11-26T15:00:00Z");

let people = 0;
async function person(name: string, grant: { creditLimit?: string } = {}) {
  people += 1;
  const id = `${name.toLowerCase()}-${people}`;
  const email = `${id}@example.com`;
  await db().insert(user).values({ id, name, email, emailVerified: true });
  const { companyId } = await profileWithCompany(id, { firstName: name, lastName: "Test", ...grant });
  const signedIn: SignedInUser = { id, email, name, isAdmin: false, twoFactorEnabled: false, twoFactorVerified: false };
  return { id, email, companyId, signedIn };
}

let storeAdmin: SignedInUser;
let wheel = "";

beforeAll(async () => {
  await db().insert(user).values({ id: "store-admin", name: "Admin", email: "admin@example.com", emailVerified: true });
  storeAdmin = {
    id: "store-admin",
    email: "admin@example.com",
    name: "Admin",
    isAdmin: true,
    twoFactorEnabled: false,
    twoFactorVerified: false,
  };
  wheel = await insertProduct({ ...grindingWheel, slug: "gw-45-001", price: "100.00", stockLevel: 10_000 });
});

function contextFor(who: SignedInUser | null) {
  const context = new RouterContextProvider();
  context.set(userContext, who);
  return context;
}

async function post(route: typeof companyAction | typeof reviewAction, who: SignedInUser | null, form: FormData) {
  const url = new URL("http://store.test/account/company/tax-certificates");
  return route({
    request: new Request(url, { method: "POST", body: form }),
    url,
    // As the session middleware sets it: the user, and the buyer the member pages act as.
    context: await requestContext(who),
    params: {},
  } as never);
}

function uploadForm(fields: Record<string, string>, file?: { bytes: Uint8Array; name: string }) {
  const form = new FormData();
  form.append("intent", "upload");
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append("file", new Blob([new Uint8Array(file.bytes)]), file.name);
  return form;
}

const texasFields = { state: "TX", certificateNumber: "TX-1234567", expiresOn: "2027-03-31" } as const;

/** What an action answered: its status and its JSON (data() or a Response). */
async function answer(result: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  if (result instanceof Response) return { status: result.status, body: await result.json() };
  const value = result as { init?: { status?: number }; data: Record<string, unknown> };
  return { status: value.init?.status ?? 200, body: value.data };
}

const certificatesOfCompany = (companyId: string) =>
  db().select().from(taxCertificates).where(eq(taxCertificates.companyId, companyId));

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) =>
      error instanceof StoreError
        ? `${error.status} ${error.message}`
        : error instanceof Response
          ? `${error.status}`
          : String(error),
  );

describe("the company admin's upload", () => {
  it("keeps a PDF certificate, waiting for review", async () => {
    const acme = await person("Acme");
    const result = await answer(
      await post(companyAction, acme.signedIn, uploadForm(texasFields, { bytes: PDF, name: "texas cert.pdf" })),
    );
    expect(result.status).toBe(200);
    const [stored] = await certificatesOfCompany(acme.companyId);
    expect(stored).toMatchObject({
      state: "TX",
      certificateNumber: "TX-1234567",
      expiresOn: "2027-03-31",
      status: "pending",
      fileName: "texas-cert.pdf",
      uploadedBy: acme.id,
    });
  });

  it("keeps a picture as WebP, only its pixels", async () => {
    const acme = await person("Scan");
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    await uploadCertificate(await asBuyer(acme), texasFields, { bytes: png, name: "scan.png" }, today);
    const [stored] = await certificatesOfCompany(acme.companyId);
    expect(stored?.fileKey).toMatch(/^[0-9a-f]{24}\.webp$/);
    expect(stored?.fileName).toBe("scan.webp");
  });

  it.each([
    [
      "a text file",
      texasFields,
      { bytes: new TextEncoder().encode("just notes"), name: "notes.pdf" },
      /neither a PDF nor a JPEG, PNG or WebP/,
    ],
    [
      "an SVG",
      texasFields,
      {
        bytes: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        name: "c.svg",
      },
      /neither a PDF nor a JPEG, PNG or WebP/,
    ],
    [
      "a file too big",
      texasFields,
      { bytes: new Uint8Array(MAX_CERTIFICATE_BYTES + 1).fill(0x25), name: "big.pdf" },
      /may be at most 10 MB/,
    ],
    ["no file", texasFields, undefined, /Choose the certificate file/],
    [
      "no number",
      { ...texasFields, certificateNumber: "" },
      { bytes: PDF, name: "c.pdf" },
      /Enter the certificate number/,
    ],
    ["a past expiry", { ...texasFields, expiresOn: "2020-01-31" }, { bytes: PDF, name: "c.pdf" }, /already expired/],
    ["no state", { ...texasFields, state: "" }, { bytes: PDF, name: "c.pdf" }, /Choose the state/],
  ])("refuses %s with a message on its field, keeping nothing", async (_, fields, file, message) => {
    const acme = await person("Refused");
    const result = await answer(await post(companyAction, acme.signedIn, uploadForm(fields, file)));
    expect(result.status).toBe(400);
    expect(JSON.stringify(result.body)).toMatch(message);
    expect(await certificatesOfCompany(acme.companyId)).toEqual([]);
  });
});

describe("the files kept", () => {
  /** A PDF of its own: `marker` finds its file among the kept ones. */
  const pdfMarked = (marker: string) => new TextEncoder().encode(`%PDF-1.4\n% ${marker}\n%%EOF\n`);
  /** The kept files holding `marker`, wherever the driver under test keeps them (folder or table). */
  const keptWith = async (marker: string) => {
    const storage = certificateStorage();
    const found: string[] = [];
    for await (const key of storage.keys()) {
      const file = await storage.get(key);
      if (
        file &&
        Buffer.from(await new Response(file.body).arrayBuffer())
          .toString("latin1")
          .includes(marker)
      )
        found.push(key);
    }
    return found;
  };

  it("deletes a removed certificate's file, and writes none for an upload past the cap or the hourly limit", async () => {
    const acme = await person("Cycles");
    for (let cycle = 0; cycle < 10; cycle += 1) {
      const marker = `cycle-${acme.id}-${cycle}`;
      const { id } = await uploadCertificate(
        await asBuyer(acme),
        texasFields,
        { bytes: pdfMarked(marker), name: "c.pdf" },
        today,
      );
      expect(await keptWith(marker)).toHaveLength(1);
      await removeCertificate(await asBuyer(acme), id);
      expect(await keptWith(marker)).toEqual([]);
    }

    const full = await person("Full");
    await db()
      .insert(taxCertificates)
      .values(
        Array.from({ length: MAX_CERTIFICATES_PER_COMPANY }, (_, n) => ({
          companyId: full.companyId,
          state: "TX",
          certificateNumber: `TX-${n}`,
          expiresOn: "2027-03-31",
          fileKey: `${String(n).padStart(24, "0")}.pdf`,
          fileName: "c.pdf",
          uploadedBy: full.id,
          uploadedAt: today,
        })),
      );
    const overCap = `cap-${full.id}`;
    expect(
      await outcome(
        uploadCertificate(await asBuyer(full), texasFields, { bytes: pdfMarked(overCap), name: "c.pdf" }, today),
      ),
    ).toMatch(/^409 A company keeps at most 100 certificates/);
    expect(await keptWith(overCap)).toEqual([]);

    const busy = await person("Busy");
    for (let upload = 0; upload < certificateUploadLimit.max; upload += 1)
      await uploadCertificate(
        await asBuyer(busy),
        texasFields,
        { bytes: pdfMarked(`busy-${upload}`), name: "c.pdf" },
        today,
      );
    const overLimit = `limit-${busy.id}`;
    expect(
      await outcome(
        uploadCertificate(await asBuyer(busy), texasFields, { bytes: pdfMarked(overLimit), name: "c.pdf" }, today),
      ),
    ).toMatch(/^429 Your company has uploaded many certificates in the last hour\. Please wait 60 minutes/);
    expect(await keptWith(overLimit)).toEqual([]);
  });

  it("refuses a member who may not change them before reading what they sent", async () => {
    const owner = await person("Owner");
    const viewer = await person("Viewer");
    await joinByInvitation(owner, viewer, "viewer");
    let read = false;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          read = true;
          controller.enqueue(new TextEncoder().encode("intent=upload"));
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const url = new URL("http://store.test/account/company/tax-certificates");
    const request = new Request(url, {
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      duplex: "half",
    } as RequestInit);
    const result = await companyAction({
      request,
      url,
      context: await requestContext(viewer.signedIn),
      params: {},
    } as never);
    expect((await answer(result)).status).toBe(403);
    expect(read).toBe(false);
  });
});

describe("who may see and change a company's certificates", () => {
  it("shows them to every member, lets only the admin change them, and hides them from other companies", async () => {
    const acme = await person("Owner");
    const viewer = await person("Viewer");
    const rival = await person("Rival");
    await joinByInvitation(acme, viewer, "viewer");
    const { id } = await uploadCertificate(await asBuyer(acme), texasFields, { bytes: PDF, name: "c.pdf" }, today);

    const seen = await companyCertificates(await asBuyer(viewer), today);
    expect(seen.canManage).toBe(false);
    expect(seen.certificates.map((c) => c.certificateNumber)).toEqual(["TX-1234567"]);
    expect(
      await outcome(uploadCertificate(await asBuyer(viewer), texasFields, { bytes: PDF, name: "c.pdf" }, today)),
    ).toBe("403 Only your company admin can add or remove the company's tax-exempt certificates.");
    expect(await outcome(removeCertificate(await asBuyer(viewer), id))).toMatch(/^403 /);

    // Another company's admin neither sees nor removes it: the same answer as a made-up one.
    expect((await companyCertificates(await asBuyer(rival), today)).certificates).toEqual([]);
    expect(await outcome(removeCertificate(await asBuyer(rival), id))).toBe("404 That certificate does not exist.");
    const form = new FormData();
    form.append("intent", "remove");
    form.append("certificateId", id);
    expect((await answer(await post(companyAction, rival.signedIn, form))).status).toBe(404);
    expect(await certificatesOfCompany(acme.companyId)).toHaveLength(1);

    expect(await outcome(removeCertificate(await asBuyer(acme), id))).toBe("ok");
    expect(await certificatesOfCompany(acme.companyId)).toEqual([]);
  });

  it("sends a guest to sign in", async () => {
    const url = new URL("http://store.test/account/company/tax-certificates");
    const result = await outcome(
      Promise.resolve().then(() =>
        companyLoader({ request: new Request(url), url, context: contextFor(null), params: {} } as never),
      ),
    );
    expect(result).toBe("302");
  });

  it("lets only the store admin review and open the file", async () => {
    const acme = await person("Reviewed");
    const { id } = await uploadCertificate(await asBuyer(acme), texasFields, { bytes: PDF, name: "c.pdf" }, today);
    const approve = new FormData();
    approve.append("intent", "approve");
    approve.append("certificateId", id);
    const url = new URL("http://store.test/admin/tax-certificates");
    for (const who of [null, acme.signedIn]) {
      expect(await outcome(Promise.resolve().then(() => post(reviewAction, who, approve)))).toMatch(/^40[13]$/);
      expect(
        await outcome(
          Promise.resolve().then(() =>
            reviewLoader({ request: new Request(url), url, context: contextFor(who), params: {} } as never),
          ),
        ),
      ).toMatch(/^40[13]$/);
      expect(
        await outcome(
          Promise.resolve().then(() =>
            fileLoader({
              request: new Request(url),
              url,
              context: contextFor(who),
              params: { certificateId: id },
            } as never),
          ),
        ),
      ).toMatch(/^40[13]$/);
    }
    const [still] = await certificatesOfCompany(acme.companyId);
    expect(still?.status).toBe("pending");

    const file = (await fileLoader({
      request: new Request(url),
      url,
      context: contextFor(storeAdmin),
      params: { certificateId: id },
    } as never)) as Response;
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
    const missing = (await fileLoader({
      request: new Request(url),
      url,
      context: contextFor(storeAdmin),
      params: { certificateId: "not-a-uuid" },
    } as never)) as Response;
    expect(missing.status).toBe(404);
  });
});

describe("the store admin's review", () => {
  it("approves and rejects with a reason, audit-logged, and refuses to approve an expired one", async () => {
    const acme = await person("Audited");
    const { id } = await uploadCertificate(await asBuyer(acme), texasFields, { bytes: PDF, name: "c.pdf" }, today);

    const noReason = new FormData();
    noReason.append("intent", "reject");
    noReason.append("certificateId", id);
    expect((await answer(await post(reviewAction, storeAdmin, noReason))).status).toBe(400);

    const reject = new FormData();
    reject.append("intent", "reject");
    reject.append("certificateId", id);
    reject.append("reason", "The signature is missing.");
    expect((await answer(await post(reviewAction, storeAdmin, reject))).status).toBe(200);
    expect((await companyCertificates(await asBuyer(acme), today)).certificates[0]).toMatchObject({
      status: "rejected",
      rejectionReason: "The signature is missing.",
    });

    await reviewCertificate(storeAdmin.id, { intent: "approve", certificateId: id }, today);
    const log = await db()
      .select({ action: adminAuditLog.action, before: adminAuditLog.before, after: adminAuditLog.after })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.entity, "tax_certificate"), eq(adminAuditLog.entityId, id)))
      .orderBy(adminAuditLog.createdAt);
    expect(log).toEqual([
      {
        action: "reject_tax_certificate",
        before: { status: "pending", rejectionReason: null },
        after: { status: "rejected", rejectionReason: "The signature is missing." },
      },
      {
        action: "approve_tax_certificate",
        before: { status: "rejected", rejectionReason: "The signature is missing." },
        after: { status: "approved", rejectionReason: null },
      },
    ]);

    const afterExpiry = new Date("2027-04-01T15:00:00Z");
    expect(await outcome(reviewCertificate(storeAdmin.id, { intent: "approve", certificateId: id }, afterExpiry))).toBe(
      "409 This certificate expired on March 31, 2027: it cannot be approved.",
    );
  });
});

describe("the tax on an order", () => {
  async function order(who: { id: string; email: string }, state: "TX" | "CA", now: Date) {
    const cartId = await findOrCreateCart({ userId: who.id });
    await clearCart(cartId);
    await addToCart(cartId, wheel, 2, null);
    const { orderNumber } = await placeOrder({
      buyer: await asBuyer(who),
      cartId,
      checkout: checkoutInput(who.email, { paymentMethod: "net_30" }, state),
      now,
    });
    const [placed] = await db().select().from(orders).where(eq(orders.orderNumber, orderNumber));
    if (!placed) throw new Error("no order");
    return placed;
  }

  it("is not charged to Texas under an approved certificate, is charged to California, and to Texas after expiry", async () => {
    const acme = await person("Exempt", { creditLimit: "10000" });
    const { id } = await uploadCertificate(await asBuyer(acme), texasFields, { bytes: PDF, name: "c.pdf" }, today);

    // Waiting for review, the certificate takes nothing off.
    const pending = await order(acme, "TX", today);
    expect(pending).toMatchObject({ taxAmount: "12.50", taxExemptCertificate: null });

    await reviewCertificate(storeAdmin.id, { intent: "approve", certificateId: id }, today);
    const cartId = await findOrCreateCart({ userId: acme.id });
    await addToCart(cartId, wheel, 2, null);
    const cart = await cartSummary(cartId, { taxState: "TX", buyer: await asBuyer(acme), now: today });
    expect(cart).toMatchObject({ tax: "0.00", taxExemption: "Tax exempt: certificate TX-1234567 (Texas)" });
    // The same company's cart priced for a guest's view has no exemption.
    expect((await cartSummary(cartId, { taxState: "TX", buyer: null, now: today })).tax).toBe("12.50");

    // 2 × 100.00 = 200.00: Texas exempt; California 8.25% = 16.50.
    const texas = await order(acme, "TX", today);
    expect(texas).toMatchObject({ taxRatePpm: 0, taxAmount: "0.00", totalAmount: "200.00" });
    expect(texas.taxExemptCertificate).toBe("TX-1234567");
    const invoice = orderDocument({ ...texas, items: [] });
    expect(invoice.totals).toContainEqual(["Tax (exempt)", "$0.00"]);
    expect(invoice.notes[0]).toBe("Tax exempt: certificate TX-1234567 (Texas). No sales tax is charged on this order.");
    const [confirmation] = await db()
      .select({ text: mailQueue.text })
      .from(mailQueue)
      .where(eq(mailQueue.subject, `Order Confirmed! ${texas.orderNumber}`));
    expect(confirmation?.text).toContain("Tax exempt: certificate TX-1234567 (Texas)");

    const california = await order(acme, "CA", today);
    expect(california).toMatchObject({ taxAmount: "16.50", totalAmount: "216.50", taxExemptCertificate: null });

    // The invoices are paid by then, so the terms orders months later are not on hold.
    await db().update(orders).set({ paidAt: today }).where(eq(orders.companyId, acme.companyId));
    // The last day of the certificate still holds; the next day (in New York) Texas is taxed: 6.25% = 12.50.
    expect((await order(acme, "TX", new Date("2027-04-01T03:30:00Z"))).taxAmount).toBe("0.00");
    const expired = await order(acme, "TX", new Date("2027-04-01T04:30:00Z"));
    expect(expired).toMatchObject({ taxAmount: "12.50", taxExemptCertificate: null });
  });

  it("is charged again once the admin rejects the certificate, checked again at placement", async () => {
    const acme = await person("Revoked", { creditLimit: "10000" });
    const { id } = await uploadCertificate(await asBuyer(acme), texasFields, { bytes: PDF, name: "c.pdf" }, today);
    await reviewCertificate(storeAdmin.id, { intent: "approve", certificateId: id }, today);
    const cartId = await findOrCreateCart({ userId: acme.id });
    await addToCart(cartId, wheel, 2, null);
    expect((await cartSummary(cartId, { taxState: "TX", buyer: await asBuyer(acme), now: today })).tax).toBe("0.00");
    await reviewCertificate(
      storeAdmin.id,
      { intent: "reject", certificateId: id, reason: "Wrong entity name." },
      today,
    );
    const { orderNumber } = await placeOrder({
      buyer: await asBuyer(acme),
      cartId,
      checkout: checkoutInput(acme.email, { paymentMethod: "net_30" }, "TX"),
      now: today,
    });
    const [placed] = await db().select().from(orders).where(eq(orders.orderNumber, orderNumber));
    expect(placed).toMatchObject({ taxAmount: "12.50", taxExemptCertificate: null });
  });
});

describe("the expiry reminder", () => {
  it("goes to the company's admins once, 30 days before expiry, and not before", async () => {
    const acme = await person("Reminded");
    const buyer = await person("Buyer");
    await joinByInvitation(acme, buyer, "buyer");
    const { id } = await uploadCertificate(await asBuyer(acme), texasFields, { bytes: PDF, name: "c.pdf" }, today);
    await reviewCertificate(storeAdmin.id, { intent: "approve", certificateId: id }, today);
    // Other tests' companies hold certificates expiring the same day: only this company's mail counts.
    const reminders = async () =>
      (
        await db()
          .select({ to: mailQueue.to, text: mailQueue.text })
          .from(mailQueue)
          .where(eq(mailQueue.subject, "Your Texas tax-exempt certificate expires on March 31, 2027"))
      ).filter((mail) => mail.to === acme.email || mail.to === buyer.email);

    await sendCertificateReminders(new Date("2027-02-28T15:00:00Z"));
    expect(await reminders()).toEqual([]);

    // Two runs at once (two processes) and the next days' runs: one mail.
    await Promise.all([
      sendCertificateReminders(new Date("2027-03-01T15:00:00Z")),
      sendCertificateReminders(new Date("2027-03-01T15:00:00Z")),
    ]);
    await sendCertificateReminders(new Date("2027-03-02T15:00:00Z"));
    await sendCertificateReminders(new Date("2027-03-31T15:00:00Z"));
    const sent = await reminders();
    expect(sent.map((mail) => mail.to)).toEqual([acme.email]);
    expect(sent[0]?.text).toContain("TX-1234567");
    expect(sent[0]?.text).toContain("/account/company/tax-certificates");
  });

  it("goes as many days before expiry as the store admin set", async () => {
    const acme = await person("Soon");
    const { id } = await uploadCertificate(
      await asBuyer(acme),
      { ...texasFields, state: "OK", certificateNumber: "OK-7654321" },
      { bytes: PDF, name: "c.pdf" },
      today,
    );
    await reviewCertificate(storeAdmin.id, { intent: "approve", certificateId: id }, today);
    const reminded = async () =>
      (await db().select({ to: mailQueue.to }).from(mailQueue).where(eq(mailQueue.to, acme.email))).length;
    await updateStoreSettings(storeAdmin.id, { certificateReminderDays: 10 });
    try {
      await sendCertificateReminders(new Date("2027-03-01T15:00:00Z"));
      expect(await reminded()).toBe(0);
      await sendCertificateReminders(new Date("2027-03-21T15:00:00Z"));
      expect(await reminded()).toBe(1);
    } finally {
      await updateStoreSettings(storeAdmin.id, { certificateReminderDays: 30 });
    }
  });
});
