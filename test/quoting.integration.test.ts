// Quoting in the back office on the driver under test: the queue's order and filters, sending a
// version (priced, unavailable and alternative lines, totals in cents, audit entry, the mail with
// its PDF), what is refused without writing anything, version numbering across a revision, two
// admins at once, and the routes closed to anyone but the store admin.
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { extractText } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { action as quoteAction, loader as quoteLoader } from "../app/routes/admin/quote";
import { loader as pdfLoader } from "../app/routes/admin/quote-pdf";
import { loader as queueLoader } from "../app/routes/admin/quotes";
import { addDays, storeDay } from "../domain/dates/dates";
import type { QuoteAnswer, QuoteAnswerLine } from "../domain/quotes/quote-answer";
import { type SignedInUser, userContext } from "../server/context";
import {
  adminAuditLog,
  mailQueue,
  quoteEvents,
  quotes,
  quoteVersionLines,
  quoteVersions,
  user,
} from "../server/db/schema";
import { StoreError } from "../server/errors";
import { moveQuote } from "../server/quotes/moves";
import { quotePdf } from "../server/quotes/quote-document";
import { quoteForAdmin, quoteQueue, sendQuote, waitingQuoteCount } from "../server/quotes/quoting";
import { insertProduct } from "./catalog-fixtures";
import { withTestDatabase } from "./database";
import { requestedQuote } from "./quote-fixtures";
import { profileWithCompany } from "./store-fixtures";

const { handle } = withTestDatabase();
const db = () => handle().db;
/** The quotes' test parts are wrenches. */
const wrench = { category: "hand-tools", subcategory: "wrenches" };

const pdfText = async (pdf: Buffer) => (await extractText(new Uint8Array(pdf), { mergePages: true })).text;
const today = storeDay(new Date());
const inAMonth = addDays(today, 30);

const storeAdmin: SignedInUser = {
  id: "quote-admin",
  email: "quotes-admin@example.com",
  name: "Quinn Admin",
  isAdmin: true,
  twoFactorEnabled: false,
  twoFactorVerified: false,
};
const otherAdmin = { ...storeAdmin, id: "quote-admin-2", email: "quotes-admin-2@example.com", name: "Other Admin" };
const part: Record<string, string> = {};
/** A line of the answer before it is tied to a request line. */
type AnswerLine = QuoteAnswerLine extends infer L ? (L extends unknown ? Omit<L, "requestLineId"> : never) : never;

let people = 0;
async function buyer(name: string) {
  people += 1;
  const id = `quote-buyer-${people}`;
  const email = `${id}@example.com`;
  await db().insert(user).values({ id, name, email, emailVerified: true });
  const { companyId } = await profileWithCompany(id, { firstName: name, lastName: "Test", companyName: `${name} Fab` });
  const signedIn: SignedInUser = { id, email, name, isAdmin: false, twoFactorEnabled: false, twoFactorVerified: false };
  return { id, email, companyId, signedIn };
}

beforeAll(async () => {
  for (const admin of [storeAdmin, otherAdmin])
    await db().insert(user).values({ id: admin.id, name: admin.name, email: admin.email, emailVerified: true });
  const catalogue = [
    ["QA-100", "Hex Bolt M10", "10.00", "active"],
    ["QA-200", "Flat Washer M10", "2.50", "active"],
    ["QA-300", "Torque Wrench", "1000.00", "active"],
    ["QA-ALT", "Torque Wrench Pro", "1200.00", "active"],
    ["QA-DRAFT", "Unreleased Wrench", "5.00", "draft"],
  ] as const;
  for (const [partNumber, name, price, status] of catalogue) {
    part[partNumber] = await insertProduct({ ...wrench, partNumber, name, price, status, stockLevel: 100 });
  }
});

/** A request for the three catalogue parts and one line the catalogue does not list. */
async function fourLineRequest(who: { id: string; companyId: string }, createdAt = new Date()) {
  return requestedQuote({
    userId: who.id,
    companyId: who.companyId,
    createdAt,
    neededBy: addDays(today, 14),
    notes: "Deliver to dock 3.",
    lines: [
      { productId: part["QA-100"], partNumber: "QA-100", description: "Hex Bolt M10", quantity: 100 },
      { productId: part["QA-200"], partNumber: "QA-200", description: "Flat Washer M10", quantity: 200 },
      { productId: part["QA-300"], partNumber: "QA-300", description: "Torque Wrench", quantity: 2 },
      { partNumber: "ACME-77", description: "Left-handed thread gauge", quantity: 3 },
    ],
  });
}

function answer(lineIds: string[], lines: AnswerLine[], rest: Partial<QuoteAnswer> = {}) {
  return {
    version: 1,
    validUntil: inAMonth,
    message: "Prices include our volume discount.",
    lines: lines.map((line, i) => ({ ...line, requestLineId: lineIds[i] ?? "" })) as QuoteAnswerLine[],
    ...rest,
  };
}

const fullAnswer: AnswerLine[] = [
  { outcome: "priced", quantity: 100, unitPrice: "0.95", note: null },
  { outcome: "priced", quantity: 250, unitPrice: "0.21", note: "Sold in boxes of 50" },
  { outcome: "alternative", partNumber: "QA-ALT", quantity: 2, unitPrice: "999.99", note: "Newer model" },
  { outcome: "unavailable", note: "We do not carry gauges." },
];

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof StoreError ? `${error.status} ${error.message}` : String(error)),
  );

const state = async (quoteId: string) => {
  const [row] = await db().select().from(quotes).where(eq(quotes.id, quoteId));
  const versions = await db().select().from(quoteVersions).where(eq(quoteVersions.quoteId, quoteId));
  return { status: row?.status, currentVersion: row?.currentVersion, versions: versions.length };
};
const mailsTo = (email: string) => db().select().from(mailQueue).where(eq(mailQueue.to, email));

describe("the queue", () => {
  it("lists the waiting requests longest-waiting first, or by value at list prices, and any state on demand", async () => {
    const acme = await buyer("Queue");
    const hour = 3_600_000;
    const old = await requestedQuote(
      {
        userId: acme.id,
        companyId: acme.companyId,
        createdAt: new Date(Date.now() - 50 * hour),
        lines: [{ productId: part["QA-200"], partNumber: "QA-200", description: "Washers", quantity: 4 }],
      },
      db(),
    );
    const big = await fourLineRequest(acme, new Date(Date.now() - 2 * hour));
    const answered = await fourLineRequest(acme, new Date(Date.now() - 100 * hour));
    await sendQuote(storeAdmin.id, answered.id, answer(answered.lineIds, fullAnswer));
    const ours = new Set([old.quoteNumber, big.quoteNumber, answered.quoteNumber]);
    const listed = async (show: "requested" | "all" | "quoted", sort: "age" | "value") =>
      (await quoteQueue({ show, sort, page: 1 })).items.filter((item) => ours.has(item.quoteNumber));

    const byAge = await listed("requested", "age");
    expect(byAge.map((item) => item.quoteNumber)).toEqual([old.quoteNumber, big.quoteNumber]);
    // 100 × 10.00 + 200 × 2.50 + 2 × 1000.00; the unlisted gauge counts for nothing.
    expect(byAge.map((item) => [item.lines, item.value, item.companyName, item.requesterEmail])).toEqual([
      [1, "10.00", "Queue Fab", acme.email],
      [4, "3500.00", "Queue Fab", acme.email],
    ]);
    expect((await listed("requested", "value")).map((item) => item.quoteNumber)).toEqual([
      big.quoteNumber,
      old.quoteNumber,
    ]);
    // Quoted just now: it waits (for the buyer) from its last move, not from its request.
    expect((await listed("all", "age")).map((item) => item.quoteNumber)).toEqual([
      old.quoteNumber,
      big.quoteNumber,
      answered.quoteNumber,
    ]);
    expect((await listed("quoted", "age")).map((item) => [item.quoteNumber, item.currentVersion])).toEqual([
      [answered.quoteNumber, 1],
    ]);
    expect(await waitingQuoteCount()).toBeGreaterThanOrEqual(2);
  });
});

describe("sending a quote", () => {
  it("writes the version with totals in cents, moves it to quoted, audit-logs it and mails the PDF", async () => {
    const acme = await buyer("Sent");
    const request = await fourLineRequest(acme);
    const sent = await sendQuote(storeAdmin.id, request.id, answer(request.lineIds, fullAnswer));
    // 100 × 0.95 + 250 × 0.21 + 2 × 999.99 = 95.00 + 52.50 + 1999.98
    expect(sent).toEqual({ quoteNumber: request.quoteNumber, version: 1, subtotal: "2147.48", mailedTo: [acme.email] });
    expect(await state(request.id)).toEqual({ status: "quoted", currentVersion: 1, versions: 1 });

    const [version] = await db().select().from(quoteVersions).where(eq(quoteVersions.quoteId, request.id));
    expect([version?.version, version?.validUntil, version?.subtotalAmount, version?.createdBy]).toEqual([
      1,
      inAMonth,
      "2147.48",
      storeAdmin.id,
    ]);
    const lines = await db()
      .select()
      .from(quoteVersionLines)
      .where(eq(quoteVersionLines.versionId, version?.id ?? ""));
    const byRequest = request.lineIds.map((id) => lines.find((line) => line.requestLineId === id));
    expect(
      byRequest.map((line) => [line?.outcome, line?.productSku, line?.quantity, line?.unitPrice, line?.totalPrice]),
    ).toEqual([
      ["priced", "QA-100", 100, "0.95", "95.00"],
      ["priced", "QA-200", 250, "0.21", "52.50"],
      ["alternative", "QA-ALT", 2, "999.99", "1999.98"],
      ["unavailable", null, 3, null, null],
    ]);
    expect(byRequest[2]?.productId).toBe(part["QA-ALT"]);

    const events = await db().select().from(quoteEvents).where(eq(quoteEvents.quoteId, request.id));
    expect(events.map((event) => [event.fromStatus, event.toStatus, event.actorId])).toEqual([
      [null, "requested", acme.id],
      ["requested", "quoted", storeAdmin.id],
    ]);
    const audit = await db().select().from(adminAuditLog).where(eq(adminAuditLog.entityId, request.id));
    expect(audit.map((entry) => [entry.adminId, entry.action, entry.entity, entry.before, entry.after])).toEqual([
      [
        storeAdmin.id,
        "send_quote",
        "quote",
        { status: "requested", currentVersion: 0 },
        { status: "quoted", currentVersion: 1, subtotal: "2147.48", validUntil: inAMonth },
      ],
    ]);

    const [mail, ...more] = await mailsTo(acme.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`Your quote ${request.quoteNumber} is ready`);
    expect(mail?.text).toContain(`/account/quotes/${request.quoteNumber}`);
    expect(mail?.text).toMatch(new RegExp(`https?://[^\\s]+/account/quotes/${request.quoteNumber}`));
    expect(mail?.text).toContain("Subtotal: $2,147.48");
    expect(mail?.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      [`${request.quoteNumber}-v1.pdf`, "application/pdf"],
    ]);
    const text = await pdfText(Buffer.from(mail?.attachments[0]?.content ?? "", "base64"));
    for (const expected of [
      "QUOTE",
      "Cascade Industrial Supply",
      `Quote Number: ${request.quoteNumber}`,
      "Version: 1",
      "Sent Fab",
      "100 Main St",
      "Portland, OR 97201",
      "QA-100",
      "Hex Bolt M10",
      "$0.95",
      "$95.00",
      // Wrapped in its cell: the alternative, then the part it replaces.
      "Alternative: Torque Wrench Pro in place of",
      "QA-300 Torque Wrench",
      "$1,999.98",
      "Unavailable",
      "Note: We do not carry gauges.",
      "$2,147.48",
      "Prices include our volume discount.",
    ])
      expect(text).toContain(expected);

    const detail = await quoteForAdmin(request.quoteNumber);
    expect(detail.versions.map((v) => [v.version, v.lines.length])).toEqual([[1, 4]]);
    const pdf = await quotePdf(request.id, 1);
    expect(pdf?.filename).toBe(`${request.quoteNumber}-v1.pdf`);
    expect(await quotePdf(request.id, 2)).toBeNull();
  });

  it("refuses a part that does not exist or is not active, a past day and a quote not waiting, writing nothing", async () => {
    const acme = await buyer("Refused");
    const request = await fourLineRequest(acme);
    const withAlternative = (partNumber: string) =>
      answer(request.lineIds, [
        fullAnswer[0] as AnswerLine,
        fullAnswer[1] as AnswerLine,
        { outcome: "alternative", partNumber, quantity: 2, unitPrice: "10.00", note: null },
        fullAnswer[3] as AnswerLine,
      ]);
    expect(await refusal(sendQuote(storeAdmin.id, request.id, withAlternative("NO-SUCH-PART")))).toBe(
      "400 Line 3: there is no active part NO-SUCH-PART to offer instead.",
    );
    expect(await refusal(sendQuote(storeAdmin.id, request.id, withAlternative("QA-DRAFT")))).toBe(
      "400 Line 3: there is no active part QA-DRAFT to offer instead.",
    );
    expect(await refusal(sendQuote(storeAdmin.id, request.id, withAlternative("QA-300")))).toBe(
      "400 Line 3: QA-300 is the part asked for: choose Price instead.",
    );
    const pricedGauge = answer(request.lineIds, [
      ...fullAnswer.slice(0, 3),
      { outcome: "priced", quantity: 3, unitPrice: "40.00", note: null },
    ]);
    expect(await refusal(sendQuote(storeAdmin.id, request.id, pricedGauge))).toBe(
      "400 Line 4: ACME-77 is not a catalogue part, so it cannot be ordered at a price: offer an alternative part or mark it unavailable.",
    );
    expect(
      await refusal(
        sendQuote(storeAdmin.id, request.id, answer(request.lineIds, fullAnswer, { validUntil: addDays(today, -1) })),
      ),
    ).toBe("400 The quote must be valid at least through today: choose today or a later day.");
    expect(
      await refusal(sendQuote(storeAdmin.id, request.id, answer(request.lineIds.slice(0, 3), fullAnswer.slice(0, 3)))),
    ).toBe("409 This quote's lines changed since you opened it: reload the page.");
    expect(await state(request.id)).toEqual({ status: "requested", currentVersion: 0, versions: 0 });
    expect(await mailsTo(acme.email)).toEqual([]);
    expect(await db().select().from(adminAuditLog).where(eq(adminAuditLog.entityId, request.id))).toEqual([]);

    await sendQuote(storeAdmin.id, request.id, answer(request.lineIds, fullAnswer));
    expect(await refusal(sendQuote(storeAdmin.id, request.id, answer(request.lineIds, fullAnswer)))).toBe(
      "409 This quote is quoted, so it cannot be quoted now.",
    );
    await db().transaction((tx) => moveQuote(tx, request.id, "withdrawn", { actorId: acme.id }));
    expect(
      await refusal(sendQuote(storeAdmin.id, request.id, answer(request.lineIds, fullAnswer, { version: 2 }))),
    ).toBe("409 This quote is withdrawn, so it cannot be quoted now.");
    expect(await state(request.id)).toEqual({ status: "withdrawn", currentVersion: 1, versions: 1 });
  });

  it("lists a request for the most a buyer can ask at list prices by value, not a 500", async () => {
    const whale = await buyer("Whale");
    const dear = await insertProduct({
      ...wrench,
      partNumber: "QA-DEAR",
      name: "Press Brake",
      price: "1000000.00",
      status: "active",
      stockLevel: 1,
    });
    const most = { productId: dear, partNumber: "QA-DEAR", description: "Press Brake", quantity: 999_999 };
    const request = await requestedQuote(
      { userId: whale.id, companyId: whale.companyId, lines: Array.from({ length: 100 }, () => most) },
      db(),
    );
    const { items } = await quoteQueue({ show: "requested", sort: "value", page: 1 });
    expect(items[0]).toMatchObject({ quoteNumber: request.quoteNumber, value: "99999900000000.00" });
  });

  it("mails the company's admins, not a requester who has left the company since", async () => {
    const company = await buyer("Stayer");
    const leaver = await buyer("Leaver");
    // Asked while a member of Stayer's company; removed since, now in a company of their own.
    const request = await fourLineRequest({ id: leaver.id, companyId: company.companyId });
    const sent = await sendQuote(storeAdmin.id, request.id, answer(request.lineIds, fullAnswer));
    expect(sent.mailedTo).toEqual([company.email]);
    expect(await mailsTo(leaver.email)).toEqual([]);
  });

  it("refuses a subtotal past the money columns and a validity years ahead with a 400, writing nothing", async () => {
    const acme = await buyer("Huge");
    const request = await fourLineRequest(acme);
    const most: AnswerLine = { outcome: "priced", quantity: 999_999, unitPrice: "1000000", note: null };
    // One such line overflowed numeric(12,2) (a 500); four of them, the cents a number holds exactly.
    expect(await refusal(sendQuote(storeAdmin.id, request.id, answer(request.lineIds, [most, most, most, most])))).toBe(
      "400 A quote's subtotal can be at most $10,000,000.00: split the lines into several quotes.",
    );
    expect(
      await refusal(
        sendQuote(storeAdmin.id, request.id, answer(request.lineIds, fullAnswer, { validUntil: "9999-12-31" })),
      ),
    ).toMatch(/^400 A quote can be valid for at most 366 days: choose .+ or earlier\.$/);
    expect(await state(request.id)).toEqual({ status: "requested", currentVersion: 0, versions: 0 });
    expect(await mailsTo(acme.email)).toEqual([]);
    await sendQuote(
      storeAdmin.id,
      request.id,
      answer(request.lineIds, fullAnswer, { validUntil: addDays(today, 366) }),
    );
    expect(await state(request.id)).toEqual({ status: "quoted", currentVersion: 1, versions: 1 });
  });

  it("numbers the versions: 1, then 2 after the buyer asks for a revision; both stay readable", async () => {
    const acme = await buyer("Revised");
    const request = await fourLineRequest(acme);
    await sendQuote(storeAdmin.id, request.id, answer(request.lineIds, fullAnswer));
    await db().transaction((tx) =>
      moveQuote(tx, request.id, "requested", { actorId: acme.id, comment: "Can you do 0.90 on the bolts?" }),
    );
    // A form opened for version 1 (before the revision) is told, not written.
    expect(await refusal(sendQuote(storeAdmin.id, request.id, answer(request.lineIds, fullAnswer)))).toBe(
      "409 Version 1 of this quote was sent after you opened it: reload the page to see it.",
    );
    const second = answer(
      request.lineIds,
      [{ outcome: "priced", quantity: 100, unitPrice: "0.90", note: null }, ...fullAnswer.slice(1)],
      { version: 2, validUntil: today, message: undefined },
    );
    const sent = await sendQuote(storeAdmin.id, request.id, second);
    expect([sent.version, sent.subtotal]).toEqual([2, "2142.48"]);
    expect(await state(request.id)).toEqual({ status: "quoted", currentVersion: 2, versions: 2 });
    const detail = await quoteForAdmin(request.quoteNumber);
    expect(detail.versions.map((v) => [v.version, v.subtotalAmount, v.message])).toEqual([
      [2, "2142.48", null],
      [1, "2147.48", "Prices include our volume discount."],
    ]);
    expect(detail.events.map((event) => [event.toStatus, event.comment])).toEqual([
      ["requested", null],
      ["quoted", null],
      ["requested", "Can you do 0.90 on the bolts?"],
      ["quoted", null],
    ]);
    expect((await mailsTo(acme.email)).map((mail) => mail.attachments[0]?.filename)).toEqual(
      expect.arrayContaining([`${request.quoteNumber}-v1.pdf`, `${request.quoteNumber}-v2.pdf`]),
    );
    expect(await pdfText((await quotePdf(request.id, 1))?.content ?? Buffer.alloc(0))).toContain("$0.95");
  });

  it("writes one version when two admins send at once; the other is told", async () => {
    const acme = await buyer("Raced");
    const request = await fourLineRequest(acme);
    const outcomes = await Promise.all([
      refusal(sendQuote(storeAdmin.id, request.id, answer(request.lineIds, fullAnswer))),
      refusal(
        sendQuote(
          otherAdmin.id,
          request.id,
          answer(request.lineIds, [
            { outcome: "priced", quantity: 1, unitPrice: "1.00", note: null },
            ...fullAnswer.slice(1),
          ]),
        ),
      ),
    ]);
    expect(outcomes.sort()).toEqual(["409 This quote is quoted, so it cannot be quoted now.", "ok"]);
    expect(await state(request.id)).toEqual({ status: "quoted", currentVersion: 1, versions: 1 });
    expect(await mailsTo(acme.email)).toHaveLength(1);
    const moves = await db().select().from(quoteEvents).where(eq(quoteEvents.quoteId, request.id));
    expect(moves.filter((move) => move.toStatus === "quoted")).toHaveLength(1);
  });
});

describe("the back office's pages", () => {
  function contextFor(who: SignedInUser | null) {
    const context = new RouterContextProvider();
    context.set(userContext, who);
    return context;
  }
  const url = new URL("http://store.test/admin/quotes");
  const args = (who: SignedInUser | null, params: Record<string, string>, request = new Request(url)) =>
    ({ request, url, context: contextFor(who), params }) as never;
  const post = (who: SignedInUser | null, quoteNumber: string, fields: [string, string][]) => {
    const form = new FormData();
    for (const [name, value] of fields) form.append(name, value);
    return quoteAction(args(who, { quoteNumber }, new Request(url, { method: "POST", body: form })));
  };
  const status = (promise: Promise<unknown>) =>
    promise.then(
      (result) =>
        result instanceof Response ? result.status : ((result as { init?: { status?: number } }).init?.status ?? 200),
      // A refusal is thrown as a Response (the guards) or as data() (`refusedPage`).
      (error: unknown) =>
        error instanceof Response
          ? error.status
          : ((error as { init?: { status?: number } } | null)?.init?.status ?? String(error)),
    );
  const formFor = (lineIds: string[], version = "1"): [string, string][] => [
    ["version", version],
    ["validUntil", inAMonth],
    ["message", "See attached."],
    ...lineIds.flatMap((id, i): [string, string][] => [
      [`lines[${i}].requestLineId`, id],
      [`lines[${i}].outcome`, i === 3 ? "unavailable" : "priced"],
      [`lines[${i}].quantity`, "5"],
      [`lines[${i}].unitPrice`, "3.25"],
    ]),
  ];

  it("are refused to guests and buyers, who change nothing", async () => {
    const acme = await buyer("Outsider");
    const request = await fourLineRequest(acme);
    await sendQuote(storeAdmin.id, request.id, answer(request.lineIds, fullAnswer));
    await db().transaction((tx) => moveQuote(tx, request.id, "requested", { actorId: acme.id, comment: "Again" }));
    for (const who of [null, acme.signedIn]) {
      const expected = who ? 403 : 401;
      expect(await status(Promise.resolve().then(() => queueLoader(args(who, {}))))).toBe(expected);
      expect(
        await status(Promise.resolve().then(() => quoteLoader(args(who, { quoteNumber: request.quoteNumber })))),
      ).toBe(expected);
      expect(
        await status(
          Promise.resolve().then(() => pdfLoader(args(who, { quoteNumber: request.quoteNumber, version: "1" }))),
        ),
      ).toBe(expected);
      expect(
        await status(Promise.resolve().then(() => post(who, request.quoteNumber, formFor(request.lineIds, "2")))),
      ).toBe(expected);
    }
    expect(await state(request.id)).toEqual({ status: "requested", currentVersion: 1, versions: 1 });
  });

  it("send from the admin's form, tell what is wrong by line, and serve the PDF", async () => {
    const acme = await buyer("Formed");
    const request = await fourLineRequest(acme);
    const broken = formFor(request.lineIds).map(([name, value]): [string, string] =>
      name === "lines[1].unitPrice" ? [name, "12,50"] : [name, value],
    );
    const refused = (await post(storeAdmin, request.quoteNumber, broken)) as {
      init?: { status?: number };
      data: { reply: { error?: Record<string, string[]> } };
    };
    expect(refused.init?.status).toBe(400);
    expect(refused.data.reply.error?.["lines[1].unitPrice"]).toEqual([
      "Line 2: enter a unit price in dollars, e.g. 12.50",
    ]);
    expect(await state(request.id)).toEqual({ status: "requested", currentVersion: 0, versions: 0 });

    expect(await status(post(storeAdmin, request.quoteNumber, formFor(request.lineIds)))).toBe(200);
    expect(await state(request.id)).toEqual({ status: "quoted", currentVersion: 1, versions: 1 });
    expect(await status(post(storeAdmin, request.quoteNumber, formFor(request.lineIds)))).toBe(409);
    expect(await status(post(storeAdmin, "Q-999999999", formFor(request.lineIds)))).toBe(404);

    const page = (await quoteLoader(args(storeAdmin, { quoteNumber: request.quoteNumber }))) as Awaited<
      ReturnType<typeof quoteForAdmin>
    >;
    expect(page.versions[0]?.subtotalAmount).toBe("48.75");
    const pdf = (await pdfLoader(args(storeAdmin, { quoteNumber: request.quoteNumber, version: "1" }))) as Response;
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("cache-control")).toBe("private, no-store");
    expect(await pdfText(Buffer.from(await pdf.arrayBuffer()))).toContain(request.quoteNumber);
    for (const [quoteNumber, version] of [
      [request.quoteNumber, "2"],
      [request.quoteNumber, "x"],
      ["not-a-quote", "1"],
    ] as const) {
      const missing = (await pdfLoader(args(storeAdmin, { quoteNumber, version }))) as Response;
      expect(missing.status).toBe(404);
    }
    expect(
      await status(Promise.resolve().then(() => quoteLoader(args(storeAdmin, { quoteNumber: "Q-999999999" })))),
    ).toBe(404);
  });
});
