// `npm run soak [-- --seconds 60 --clients 8]`: a bounded mixed load on PostgreSQL — browsing,
// search, carts, card and Net 30 checkouts, admin approvals, buyers joining companies in pairs by
// invitation, a buyer with a spend limit whose orders go to two approvers who approve them at the
// same time, an ERP ordering through the company API with every order sent twice at once under one
// idempotency key, buyers cancelling whole orders and single units while the admin ships orders in
// parts, buyers paying part of an open invoice by card, and buyers returning a shipped unit that the
// admin approves and receives, restocked or not, for a credit memo — then a consistency check of what the
// clients saw against the database: every confirmed order present exactly once, both sends of an API
// order answered with the same order, every approved submission one order and each won by one
// approval, no stock below zero and the stock taken equal to what the lines still hold, promo uses
// equal to the orders that used the promo, no company's open invoices above its limit, every card
// order's provider refunds equal to its cancellations' and credit memos' refunds to the cent, each
// received return with one credit memo and no order credited more than it charged, every cancelled order's
// cancellations adding up to its total, no invoice owing less than nothing, and every invoice payment
// recorded once for exactly what the provider took. Prints the totals last.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, inArray, like, sql } from "drizzle-orm";
import { apiScopes } from "../domain/companies/api-keys";
import { freePort, waitUntilAnswering } from "../scripts/local-server.js";
import { startTestPostgres } from "../scripts/test-postgres.js";
import { type Database, openDatabase } from "../server/db/client";
import {
  companies,
  companyMembers,
  mailQueue,
  orderItems,
  orders,
  products,
  promoCodes,
  returnLines,
  returns,
  user,
} from "../server/db/schema";

const APPROVER = "soak-approver@example.com";
// The second company member's per-order limit: their smaller carts are placed, the larger ones wait.
const ORDER_LIMIT = "25";

const root = path.resolve(import.meta.dirname, "..");
const ADMIN = { email: "soak-admin@example.com", password: "soak-admin-password" };
const PASSWORD = "soak-password-1";
const PROMO = "SOAK5";

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isSafeInteger(value) || value <= 0 || value > 600)
    throw new Error(`--${name} needs a whole number from 1 to 600`);
  return value;
}

/** A browser-like client: keeps its cookies, sends the store's Origin on posts, counts what it saw. */
class Client {
  private cookies = new Map<string, string>();
  constructor(
    private base: string,
    private stats: Stats,
  ) {}

  async request(
    pathname: string,
    init: { method?: string; form?: Record<string, string> | [string, string][]; json?: unknown } = {},
  ) {
    const headers: Record<string, string> = { Cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ") };
    let body: string | undefined;
    if (init.form) {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(init.form).toString();
    } else if (init.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(init.json);
    }
    if (body !== undefined) headers.Origin = this.base;
    const method = init.method ?? (body === undefined ? "GET" : "POST");
    const response = await fetch(this.base + pathname, {
      method,
      headers,
      body,
      redirect: "manual",
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const [name = "", ...value] = pair.split("=");
      if (/max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value.join("="));
    }
    const text = await response.text();
    this.stats.requests += 1;
    if (response.status >= 500) {
      this.stats.errors += 1;
      this.stats.errorSamples.add(`${response.status} ${method} ${pathname}`);
    }
    return { status: response.status, text, location: response.headers.get("location") ?? "" };
  }

  signIn(email: string, password: string) {
    return this.request("/auth", { form: { intent: "sign-in", email, password, redirectTo: "/" } });
  }
}

interface Stats {
  requests: number;
  errors: number;
  errorSamples: Set<string>;
  ordersSeen: string[];
  refusals: Map<string, number>;
  /** Checkouts that went to the approvers instead of being placed. */
  submitted: number;
  /** Approvals answered "approved and placed": each must be one approved submission with one order. */
  approvalsWon: number;
  /** Cancellations answered done, whole orders and single units; shipments recorded; invoice payments received. */
  cancelled: number;
  shipped: number;
  invoicePayments: number;
  /** Returns asked for by buyers, approved and received (with a credit memo) by the admin. */
  returnsRequested: number;
  returnsApproved: number;
  returnsReceived: number;
}

const knownRefusals = [
  "Net 30 terms are not approved",
  "would exceed your Net 30 credit limit",
  "Terms orders are on hold",
  "out of stock",
  "left in stock",
  "Promo code usage limit reached",
  "Your cart is empty",
  "Your cart changed while you were paying",
  "which it does not have yet",
  "This order is within your spend limits now",
  "can only be returned",
  "This order changed since you opened it",
  "cancelled already",
  "would need a refund",
  "more than",
];

function refusalOf(text: string) {
  return knownRefusals.find((reason) => text.includes(reason)) ?? "other";
}

// Each order carries its own PO number, as a trade buyer's would (one used before would be refused).
const checkoutForm = (email: string, paymentMethod: "credit_card" | "net_30", poNumber: string) => ({
  intent: "place",
  email,
  firstName: "Soak",
  lastName: "Buyer",
  phone: "5035550142",
  "shipping.line1": "1 Load St",
  "shipping.city": "Portland",
  "shipping.state": "WA",
  "shipping.zip": "98101",
  sameAsShipping: "on",
  paymentMethod,
  poNumber,
  jobReference: "Soak test",
});

const orderNumberIn = (text: string) => /order-confirmation\/(ORD\d{13}[A-Z0-9]{5})/.exec(text)?.[1];

function countRefusal(stats: Stats, reason: string) {
  stats.refusals.set(reason, (stats.refusals.get(reason) ?? 0) + 1);
}

/**
 * A post of the store's own form answered: done, a clear refusal (what changed meanwhile), or an
 * error when the store calls the form malformed (400), which means the soak and the page disagree.
 */
function countAnswer(stats: Stats, what: string, answer: { status: number; text: string }, done: () => void) {
  if (answer.status === 200) return done();
  if (answer.status === 400) {
    stats.errors += 1;
    stats.errorSamples.add(`${what} 400: ${refusalOf(answer.text)}`);
    return;
  }
  countRefusal(stats, `${what} ${answer.status}: ${refusalOf(answer.text)}`);
}

/**
 * The buyer cancels on the order's page: the whole order (every quantity not shipped) or one unit of
 * its first line still open, with the lines and `seen` as the page shows them (read from the database
 * here, as the page's loader does). A shipment recorded meanwhile makes a clear refusal, not an error.
 */
async function cancelOnPage(client: Client, db: Database, orderNumber: string, whole: boolean, stats: Stats) {
  const lines = await db
    .select({
      id: orderItems.id,
      quantity: orderItems.quantity,
      shipped: orderItems.shippedQuantity,
      cancelled: orderItems.cancelledQuantity,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orders.orderNumber, orderNumber));
  const seen = lines.reduce((sum, line) => sum + line.shipped + line.cancelled, 0);
  const open = lines
    .map((line) => ({ id: line.id, left: line.quantity - line.shipped - line.cancelled }))
    .filter((line) => line.left > 0);
  const chosen = whole ? open : open.slice(0, 1).map((line) => ({ ...line, left: 1 }));
  if (chosen.length === 0) return;
  const form: [string, string][] = [
    ["intent", "cancelItems"],
    ["orderNumber", orderNumber],
    ["seen", String(seen)],
    ...chosen.flatMap((line, index): [string, string][] => [
      [`lines[${index}].orderItemId`, line.id],
      [`lines[${index}].quantity`, String(line.left)],
    ]),
  ];
  const answer = await client.request(`/account/orders/${orderNumber}.data`, { form });
  countAnswer(stats, "cancel", answer, () => {
    stats.cancelled += 1;
  });
}

/**
 * The buyer asks to return one shipped unit of one of their orders, from its page: the first line
 * with a unit shipped that no other return has asked for yet (read from the database, as the page's
 * loader does).
 */
async function returnOnPage(client: Client, db: Database, email: string, stats: Stats) {
  const [line] = await db
    .select({ id: orderItems.id, orderNumber: orders.orderNumber })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(user, eq(user.id, orders.userId))
    .where(
      and(
        eq(user.email, email),
        sql`${orders.status} <> 'cancelled'`,
        sql`${orderItems.shippedQuantity} > coalesce((select sum(l.quantity) from return_lines l
              join returns r on r.id = l.return_id
              where l.order_item_id = ${orderItems.id} and r.status <> 'refused'), 0)`,
      ),
    )
    .limit(1);
  if (!line) return;
  const answer = await client.request(`/account/orders/${line.orderNumber}.data`, {
    form: {
      intent: "requestReturn",
      reason: "not_needed",
      "lines[0].orderItemId": line.id,
      "lines[0].quantity": "1",
    },
  });
  countAnswer(stats, "return", answer, () => {
    stats.returnsRequested += 1;
  });
}

/**
 * The store's admin works through the returns in the back office: approves the oldest asked for, and
 * receives the oldest approved, restocking every other one, which issues its credit memo (a card
 * refund or a credit on the invoice). A refusal is counted, not an error.
 */
async function returnsLoop(admin: Client, db: Database, deadline: number, stats: Stats) {
  let received = 0;
  while (Date.now() < deadline) {
    const [next] = await db
      .select({ id: returns.id, status: returns.status })
      .from(returns)
      .where(inArray(returns.status, ["requested", "approved"]))
      .orderBy(returns.requestedAt)
      .limit(1);
    if (next?.status === "requested") {
      const approved = await admin.request(`/admin/returns/${next.id}.data`, { form: { intent: "approve" } });
      if (approved.status === 200) stats.returnsApproved += 1;
      else countRefusal(stats, `return approval ${approved.status}: ${refusalOf(approved.text)}`);
    } else if (next) {
      const lines = await db
        .select({ id: returnLines.orderItemId })
        .from(returnLines)
        .where(eq(returnLines.returnId, next.id));
      const restock = received++ % 2 === 0 ? lines.map((line): [string, string] => ["restock", line.id]) : [];
      const done = await admin.request(`/admin/returns/${next.id}.data`, { form: [["intent", "receive"], ...restock] });
      if (done.status === 200) stats.returnsReceived += 1;
      else countRefusal(stats, `return receipt ${done.status}: ${refusalOf(done.text)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 400));
  }
}

/** The buyer pays $1.00 of the company's first open invoice from the credit centre, by card. */
async function payInvoicePart(client: Client, stats: Stats) {
  const credit = await client.request("/account/credit");
  const invoice = /value="(INV-\d+)"/.exec(credit.text)?.[1];
  if (!invoice) return;
  const started = await client.request("/account/credit.data", {
    form: { intent: "pay", invoice, [`amount-${invoice}`]: "1.00" },
  });
  const secret = /(tp_[\w-]+?_secret_[\w-]+)/.exec(started.text)?.[1];
  const paymentId = secret?.split("_secret_")[0];
  if (!secret || !paymentId)
    return countRefusal(stats, `invoice payment ${started.status}: ${refusalOf(started.text)}`);
  await client.request("/api/payments/test/confirm", {
    json: { clientSecret: secret, number: "4242424242424242", expiry: "12/34", cvc: "123" },
  });
  const completed = await client.request("/account/credit.data", { form: { intent: "complete", paymentId } });
  if (completed.status === 200) stats.invoicePayments += 1;
  else countRefusal(stats, `invoice payment ${completed.status}: ${refusalOf(completed.text)}`);
}

/** One buyer's loop: look around, fill the cart, pay by card or on terms, until time is up. */
async function buyerLoop(
  client: Client,
  db: Database,
  email: string,
  deadline: number,
  productIds: string[],
  stats: Stats,
  turn: number,
) {
  let round = 0;
  let lastOrder: string | undefined;
  let listId: string | undefined;
  while (Date.now() < deadline) {
    round += 1;
    await client.request("/category/abrasives/grinding-wheels");
    await client.request("/products/grinding-wheel-4-5-in-gw-45-001");
    await client.request(`/search?q=${encodeURIComponent(round % 2 ? "flap disc" : "cut-off wheel")}`);
    await client.request("/api/search/suggest?q=gri");
    const productId = productIds[(turn + round) % productIds.length] ?? "";
    await client.request("/api/cart", { form: { intent: "add", productId, quantity: String(1 + (round % 3)) } });
    if (round % 4 === 0) await client.request("/api/cart", { form: { intent: "apply-promo", code: PROMO } });
    // The newer pages in the mix: the checkout priced for another shipping state, and the buyer's
    // own data as a download.
    if (round % 5 === 0) {
      await client.request("/checkout.data?state=CA");
      await client.request("/account/data");
      await client.request("/account/addresses");
    }
    // Reorder and saved lists: the last order's page and the order again into the cart; a list made
    // from a paste once, then into the cart now and then.
    if (round % 3 === 0 && lastOrder) {
      await client.request(`/account/orders/${lastOrder}.data`);
      await client.request("/api/reorder", { form: { intent: "order", orderNumber: lastOrder } });
    }
    if (!listId) {
      const created = await client.request("/account/lists", {
        form: { name: `Weekly ${turn}`, lines: "GW-45-001, 2\nFD-80-001, 1\nNOT-A-PART, 3" },
      });
      listId = /\/account\/lists\/([\w-]+)/.exec(created.location)?.[1];
    } else if (round % 4 === 2) {
      await client.request("/api/reorder", { form: { intent: "list", listId } });
      // The credit centre, an open invoice's PDF from it, and a statement.
      const credit = await client.request("/account/credit");
      const invoice = /\/account\/invoices\/INV-\d+\.pdf/.exec(credit.text)?.[0];
      if (invoice) await client.request(invoice);
      await client.request("/account/credit/statement.csv?from=2026-01-01&to=2030-12-31");
    }
    const method = (turn + round) % 2 ? "net_30" : "credit_card";
    const placed = await client.request("/checkout.data", {
      form: checkoutForm(email, method, `SOAK-${turn}-${round}`),
    });
    let orderNumber = orderNumberIn(placed.text);
    let answer = placed.text;
    if (method === "credit_card") {
      const secret = /(tp_[\w-]+?_secret_[\w-]+)/.exec(placed.text)?.[1];
      const paymentId = secret?.split("_secret_")[0];
      if (secret && paymentId) {
        const confirmed = await client.request("/api/payments/test/confirm", {
          json: { clientSecret: secret, number: "4242424242424242", expiry: "12/34", cvc: "123" },
        });
        if (confirmed.status === 200) {
          const completed = await client.request("/checkout.data", { form: { intent: "complete", paymentId } });
          orderNumber = orderNumberIn(completed.text);
          answer = completed.text;
        }
      }
    }
    // After-the-order work: a unit of the last order cancelled now and then, a whole order now and
    // then, and part of an open invoice paid by card.
    if (lastOrder && round % 6 === 1) await cancelOnPage(client, db, lastOrder, false, stats);
    if (lastOrder && round % 9 === 4) await cancelOnPage(client, db, lastOrder, true, stats);
    if (round % 5 === 3) await payInvoicePart(client, stats);
    if (round % 4 === 2) await returnOnPage(client, db, email, stats);
    if (orderNumber) {
      stats.ordersSeen.push(orderNumber);
      lastOrder = orderNumber;
    } else if (answer.includes("/account/approvals")) {
      // Above the buyer's spend limit: submitted, no stock taken until an approver places it.
      stats.submitted += 1;
    } else {
      // A clear refusal (credit, stock, promo used up) is the store working, not an error.
      const reason = refusalOf(answer);
      stats.refusals.set(reason, (stats.refusals.get(reason) ?? 0) + 1);
      // As a buyer would: a used-up promo comes off the cart before trying again.
      if (reason === "Promo code usage limit reached")
        await client.request("/api/cart", { form: { intent: "remove-promo" } });
    }
  }
}

/**
 * One of a company's approvers: reads the queue and approves what waits, while the other approver
 * does the same, so both often approve one submission at the same moment. The first decision
 * places the order; the other is refused as already decided (a 409, not an error).
 */
async function approverLoop(client: Client, deadline: number, stats: Stats) {
  while (Date.now() < deadline) {
    const queue = await client.request("/account/approvals");
    const waiting = new Set([...queue.text.matchAll(/name="submissionId" value="([\w-]{36})"/g)].map((m) => m[1]));
    for (const submissionId of waiting) {
      if (!submissionId || Date.now() > deadline) break;
      const decided = await client.request("/account/approvals", { form: { intent: "approve", submissionId } });
      if (decided.status === 200) stats.approvalsWon += 1;
      else {
        const reason = `approval ${decided.status}`;
        stats.refusals.set(reason, (stats.refusals.get(reason) ?? 0) + 1);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The store's admin ships from the back office: an order waiting to ship, all that is ready of its
 * first line, then the rest, by "Other" carrier (no tracking number), while buyers cancel what has
 * not shipped. A refusal (the buyer cancelled meanwhile) is clear, not an error.
 */
async function shipperLoop(admin: Client, db: Database, deadline: number, stats: Stats) {
  while (Date.now() < deadline) {
    const ready = await db
      .select({
        orderNumber: orders.orderNumber,
        id: orderItems.id,
        ready: sql<number>`${orderItems.allocatedQuantity} - ${orderItems.shippedQuantity}`.mapWith(Number),
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(
        and(
          inArray(orders.status, ["paid", "pending_payment", "processing"]),
          sql`${orderItems.allocatedQuantity} > ${orderItems.shippedQuantity}`,
        ),
      )
      .orderBy(orders.orderDate)
      .limit(1);
    const [line] = ready;
    if (line) {
      const shipped = await admin.request(`/admin/orders/${line.orderNumber}.data`, {
        form: {
          intent: "ship",
          carrier: "other",
          trackingNumber: "",
          "lines[0].orderItemId": line.id,
          "lines[0].quantity": String(line.ready),
        },
      });
      if (shipped.status === 200) stats.shipped += 1;
      else countRefusal(stats, `shipment ${shipped.status}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/**
 * An ERP on a company's API key: an order of one part at a time, each sent twice at the same moment
 * under one Idempotency-Key (a retry racing the first attempt). Two placed answers must name the same
 * order, and that order exists once; a refusal (no terms yet, credit, stock) is a JSON 4xx.
 */
async function apiLoop(
  base: string,
  key: string,
  shipToId: string,
  partNumbers: string[],
  deadline: number,
  stats: Stats,
) {
  let round = 0;
  while (Date.now() < deadline) {
    round += 1;
    const body = JSON.stringify({
      lines: [{ partNumber: partNumbers[round % partNumbers.length], quantity: 1 }],
      shipToId,
      poNumber: `SOAK-API-${round}`,
    });
    const send = async () => {
      const response = await fetch(`${base}/api/v1/orders`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${key}`,
          "content-type": "application/json",
          "idempotency-key": `soak-${round}`,
        },
        body,
      });
      stats.requests += 1;
      const answer = (await response.json()) as { orderNumber?: string; error?: { code: string } };
      if (response.status >= 500) {
        stats.errors += 1;
        stats.errorSamples.add(`${response.status} POST /api/v1/orders`);
      }
      return answer;
    };
    const [first, retry] = await Promise.all([send(), send()]);
    // A refusal leaves no record (docs/decisions/api.md), so the send that waited may be placed once
    // the company has terms; two placed answers must be one order.
    if (first.orderNumber && retry.orderNumber && first.orderNumber !== retry.orderNumber) {
      stats.errors += 1;
      stats.errorSamples.add(`one Idempotency-Key, two orders: ${first.orderNumber} and ${retry.orderNumber}`);
    }
    for (const placed of new Set([first.orderNumber, retry.orderNumber])) if (placed) stats.ordersSeen.push(placed);
    if (!first.orderNumber && !retry.orderNumber) {
      const reason = `API ${first.error?.code ?? "no answer"}`;
      stats.refusals.set(reason, (stats.refusals.get(reason) ?? 0) + 1);
      // Until the admin grants the company terms, the ERP waits a little between tries.
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

export async function main() {
  const seconds = option("seconds", 60);
  const clients = option("clients", 8);
  const postgres = await startTestPostgres();
  if (!postgres) throw new Error("npm run soak needs PostgreSQL (initdb and pg_ctl on this machine).");
  const dataDir = mkdtempSync(path.join(tmpdir(), "store-soak-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let store: ChildProcess | undefined;
  const stats: Stats = {
    requests: 0,
    errors: 0,
    errorSamples: new Set(),
    ordersSeen: [],
    refusals: new Map(),
    submitted: 0,
    approvalsWon: 0,
    cancelled: 0,
    returnsRequested: 0,
    returnsApproved: 0,
    returnsReceived: 0,
    shipped: 0,
    invoicePayments: 0,
  };
  try {
    store = spawn(process.execPath, ["scripts/start.js"], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: postgres.url,
        PUBLIC_URL: base,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    await waitUntilAnswering(`${base}/healthz`, { child: store });

    // Buyers sign up through the store, then their e-mail is marked confirmed (no mailbox here).
    const handle = await openDatabase({ databaseUrl: postgres.url });
    const emails = Array.from({ length: clients }, (_, i) => `soak-buyer-${i}@example.com`);
    for (const [i, email] of [...emails, APPROVER].entries()) {
      await new Client(base, stats).request("/auth", {
        form: {
          intent: "sign-up",
          firstName: "Soak",
          lastName: `Buyer${i}`,
          email,
          password: PASSWORD,
          "shipping.line1": "1 Load St",
          "shipping.city": "Seattle",
          "shipping.state": "WA",
          "shipping.zip": "98101",
          sameAsShipping: "on",
        },
      });
    }
    await handle.db
      .update(user)
      .set({ emailVerified: true })
      .where(inArray(user.email, [...emails, APPROVER]));
    await handle.db
      .insert(promoCodes)
      .values({ code: PROMO, description: "$5 off", discountType: "fixed", discountValue: "5", maxUses: 10 });
    const catalogue = await handle.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.subcategory, "grinding-wheels"))
      .limit(20);
    // Few units of a few products, so buyers run into each other over the last ones.
    await handle.db
      .update(products)
      .set({ stockLevel: 15 })
      .where(
        inArray(
          products.id,
          catalogue.slice(0, 5).map((p) => p.id),
        ),
      );
    const before = await handle.db.select({ total: sql<number>`sum(stock_level)::int` }).from(products);

    /**
     * Follows the invitation mailed to `email` and accepts it, confirming (as the page asks) that the
     * invitee's own account of one closes. Returns the link, or undefined when no invitation came.
     */
    const acceptInvitation = async (invitee: Client, email: string) => {
      const [mail] = await handle.db
        .select({ text: mailQueue.text })
        .from(mailQueue)
        .where(and(eq(mailQueue.to, email), like(mailQueue.text, "%/company/join/%")));
      const invitation = /\/company\/join\/[\w-]+/.exec(mail?.text ?? "")?.[0];
      const [own] = await handle.db
        .select({ accountNumber: companies.accountNumber })
        .from(user)
        .innerJoin(companyMembers, eq(companyMembers.userId, user.id))
        .innerJoin(companies, eq(companies.id, companyMembers.companyId))
        .where(eq(user.email, email));
      if (invitation)
        await invitee.request(invitation, { form: { intent: "accept", closing: own?.accountNumber ?? "" } });
      return invitation;
    };

    const admin = new Client(base, stats);
    await admin.request("/admin/login", { form: { email: ADMIN.email, password: ADMIN.password } });
    const buyers = emails.map(() => new Client(base, stats));
    for (const [i, buyer] of buyers.entries()) await buyer.signIn(emails[i] ?? "", PASSWORD);
    // Buyers pair up into companies through the members page and the e-mailed link, so two
    // people order against one credit limit at once.
    for (let i = 1; i < buyers.length; i += 2) {
      const [owner, invitee] = [buyers[i - 1], buyers[i]];
      const email = emails[i] ?? "";
      await owner?.request("/account/company", { form: { intent: "invite", email, role: "buyer" } });
      if (invitee) await acceptInvitation(invitee, email);
    }

    // The first company's admin invites a second approver and gives its buyer a per-order limit:
    // the buyer's larger orders wait for the two approvers (the admin is one).
    const owner = buyers[0];
    const approver = new Client(base, stats);
    await approver.signIn(APPROVER, PASSWORD);
    await owner?.request("/account/company", { form: { intent: "invite", email: APPROVER, role: "approver" } });
    const approverInvitation = await acceptInvitation(approver, APPROVER);
    const [limited] = await handle.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, emails[1] ?? ""));
    const limits = await owner?.request("/account/company", {
      form: { intent: "set-limits", userId: limited?.id ?? "", orderLimit: ORDER_LIMIT, monthlyLimit: "" },
    });
    if (!approverInvitation || limits?.status !== 200)
      throw new Error("The soak could not set up its approver and its buyer's spend limit.");
    // The admin approves from a second session of their own, as they would from another tab.
    const ownerApproving = new Client(base, stats);
    await ownerApproving.signIn(emails[0] ?? "", PASSWORD);

    // The first company's admin makes an API key on its page and a ship-to for the ERP's orders.
    const made = await owner?.request("/account/company/api-keys.data", {
      form: [
        ["intent", "create"],
        ["name", "Soak ERP"],
        ...apiScopes.map((scope): [string, string] => ["scopes", scope]),
      ],
    });
    const apiKey = /cis_[A-Za-z0-9_-]{43}/.exec(made?.text ?? "")?.[0];
    await owner?.request("/account/addresses", {
      form: {
        intent: "add",
        label: "Soak dock",
        "shipping.line1": "1 Load St",
        "shipping.city": "Seattle",
        "shipping.state": "WA",
        "shipping.zip": "98101",
        makeDefault: "on",
      },
    });
    const shipTos = apiKey
      ? ((await (
          await fetch(`${base}/api/v1/addresses`, { headers: { authorization: `Bearer ${apiKey}` } })
        ).json()) as {
          data?: { id: string }[];
        })
      : {};
    const shipToId = shipTos.data?.[0]?.id;
    if (!apiKey || !shipToId) throw new Error("The soak could not make an API key and a ship-to for its ERP client.");
    const partNumbers = (
      await handle.db
        .select({ partNumber: products.partNumber })
        .from(products)
        .where(
          inArray(
            products.id,
            catalogue.map((p) => p.id),
          ),
        )
    ).map((p) => p.partNumber);

    const deadline = Date.now() + seconds * 1000;
    const approvals = (async () => {
      // The admin approves Net 30 for the buyers one by one while they shop.
      // The approvers' company first, so its submissions can be placed from early on.
      // Terms are the company's: each company once, whichever of its people came first.
      const members = await handle.db
        .select({ companyId: companyMembers.companyId })
        .from(companyMembers)
        .innerJoin(user, eq(user.id, companyMembers.userId))
        .orderBy(sql`${user.email} <> ${emails[0] ?? ""}`, companyMembers.companyId);
      const approvable = [...new Set(members.map((member) => member.companyId))];
      for (const companyId of approvable) {
        if (Date.now() > deadline) break;
        await admin.request("/admin", { form: { intent: "approve", companyId, creditLimit: "400" } });
        await new Promise((resolve) => setTimeout(resolve, (seconds * 1000) / (approvable.length + 1)));
      }
    })();
    await Promise.all([
      approvals,
      approverLoop(ownerApproving, deadline, stats),
      approverLoop(approver, deadline, stats),
      apiLoop(base, apiKey, shipToId, partNumbers, deadline, stats),
      shipperLoop(admin, handle.db, deadline, stats),
      returnsLoop(admin, handle.db, deadline, stats),
      ...buyers.map((buyer, i) =>
        buyerLoop(
          buyer,
          handle.db,
          emails[i] ?? "",
          deadline,
          catalogue.map((p) => p.id),
          stats,
          i,
        ),
      ),
    ]);

    const written = await handle.db.select({ orderNumber: orders.orderNumber }).from(orders);
    const writtenSet = new Map<string, number>();
    for (const order of written) writtenSet.set(order.orderNumber, (writtenSet.get(order.orderNumber) ?? 0) + 1);
    const missing = stats.ordersSeen.filter((number) => writtenSet.get(number) !== 1);
    const seenTwice = stats.ordersSeen.length - new Set(stats.ordersSeen).size;
    const [negative] = await handle.db
      .select({ count: sql<number>`count(*)::int` })
      .from(products)
      .where(sql`stock_level < 0`);
    const [promo] = await handle.db.select().from(promoCodes).where(eq(promoCodes.code, PROMO));
    const [promoOrders] = await handle.db
      .select({ count: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.promoCode, PROMO));
    // What orders took from stock: a back-ordered part of a line was not taken (docs/decisions/back-orders.md),
    // and a returned unit received with "restock" went back on the shelf.
    const [units] = await handle.db
      .select({
        total: sql<number>`(coalesce((select sum(allocated_quantity) from order_items), 0)
          - coalesce((select sum(quantity) from return_lines where restocked), 0))::int`,
      })
      .from(sql`(select 1) as one`);
    const after = await handle.db.select({ total: sql<number>`sum(stock_level)::int` }).from(products);
    // Every company's open invoices, all members together, within its one credit limit: what they
    // still owe, their totals less their cancellations, the payments recorded against them and the
    // credit memos applied to them.
    const balance = sql.raw(`(o.total_amount
      - coalesce((select sum(x.amount) from order_cancellations x where x.order_id = o.id), 0)
      - coalesce((select sum(m.amount) from credit_memo_applications m where m.order_id = o.id), 0)
      - coalesce((select sum(a.amount) from invoice_payment_allocations a
                  join invoice_payments p on p.id = a.payment_id
                  where a.order_id = o.id and p.status = 'recorded'), 0))`);
    const overLimit = await handle.db.execute<{ id: string }>(sql`
      select c.id from companies c
        where (select coalesce(sum(${balance}), 0) from orders o
               where o.company_id = c.id and o.payment_method = 'on_terms' and o.paid_at is null
                 and o.status <> 'cancelled') > c.credit_limit`);
    // Money: each card order's refunds at the provider are its cancellations' and credit memos' refunds,
    // to the cent; each received return has one credit memo, and no order is credited and cancelled
    // for more than it charged; a
    // cancelled order's cancellations add up to its total; no invoice owes less than nothing; each
    // recorded invoice payment is what the provider took and what it was split into.
    const [money] = (
      await handle.db.execute<{
        cancellations: number;
        cancelledAmount: string;
        refunded: string;
        refundsOff: number;
        wholeOff: number;
        owingLess: number;
        payments: number;
        paid: string;
        paymentsOff: number;
        creditMemos: number;
        credited: string;
        memosOff: number;
        overCredited: number;
      }>(sql`
      select
        (select count(*)::int from order_cancellations) as cancellations,
        (select coalesce(sum(amount), 0)::text from order_cancellations) as "cancelledAmount",
        (select coalesce(sum(refunded), 0)::text from order_cancellations) as refunded,
        (select count(*)::int from orders o where o.payment_id is not null and
           coalesce((select sum(r.amount) from test_processor_refunds r where r.payment_id = o.payment_id), 0)
           <> coalesce((select sum(x.refunded) from order_cancellations x where x.order_id = o.id), 0)
            + coalesce((select sum(m.refunded_amount) from credit_memos m where m.order_id = o.id), 0)) as "refundsOff",
        (select count(*)::int from credit_memos) as "creditMemos",
        (select coalesce(sum(amount), 0)::text from credit_memos) as credited,
        (select count(*)::int from returns r where (r.status = 'received') <>
           ((select count(*) from credit_memos m where m.return_id = r.id) = 1)) as "memosOff",
        (select count(*)::int from orders o where
           coalesce((select sum(m.amount) from credit_memos m where m.order_id = o.id), 0)
           + coalesce((select sum(x.amount) from order_cancellations x where x.order_id = o.id), 0) > o.total_amount) as "overCredited",
        (select count(*)::int from orders o where o.status = 'cancelled' and
           coalesce((select sum(x.amount) from order_cancellations x where x.order_id = o.id), 0) <> o.total_amount) as "wholeOff",
        (select count(*)::int from orders o where o.payment_method = 'on_terms' and ${balance} < 0) as "owingLess",
        (select count(*)::int from invoice_payments where status = 'recorded') as payments,
        (select coalesce(sum(amount), 0)::text from invoice_payments where status = 'recorded') as paid,
        (select count(*)::int from invoice_payments p where p.status = 'recorded' and (
           p.amount <> (select sum(a.amount) from invoice_payment_allocations a where a.payment_id = p.id)
           or p.amount <> (select t.amount from test_processor_payments t where t.id = p.provider_payment_id))) as "paymentsOff"`)
    ).rows;
    const [shared] = await handle.db
      .select({ count: sql<number>`count(distinct ${companyMembers.companyId})::int` })
      .from(companyMembers)
      .where(sql`${companyMembers.role} = 'buyer'`);
    // Each approved submission names one order that exists; no order is named by two.
    const [decisions] = (
      await handle.db.execute<{
        approved: number;
        placed: number;
        distinctOrders: number;
        pending: number;
        failed: number;
      }>(sql`
      select count(*) filter (where a.status = 'approved')::int as approved,
             count(o.id) filter (where a.status = 'approved')::int as placed,
             count(distinct a.order_id) filter (where a.status = 'approved')::int as "distinctOrders",
             count(*) filter (where a.status = 'pending')::int as pending,
             count(*) filter (where a.status = 'failed')::int as failed
        from order_approvals a left join orders o on o.id = a.order_id`)
    ).rows;
    // An order whose refunds are off, shown whole: what the provider refunded under which key, and
    // what its cancellations and credit memos recorded.
    const refundsOff = money?.refundsOff
      ? (
          await handle.db.execute<{ orderNumber: string; refunds: string; recorded: string }>(sql`
      select o.order_number || ' (' || o.status || ', total ' || o.total_amount || '; charged '
          || (select t.amount || ' ' || t.status || coalesce(' refunded at ' || t.refunded_at::time, '')
                from test_processor_payments t where t.id = o.payment_id) || ')' as "orderNumber",
        (select string_agg(r.idempotency_key || ' ' || r.amount || ' at ' || r.created_at::time, ', ' order by r.created_at)
           from test_processor_refunds r where r.payment_id = o.payment_id) as refunds,
        concat_ws(', ',
          (select string_agg('cancellation ' || x.number || ' ' || x.refunded || ' at ' || x.cancelled_at::time, ', ' order by x.number)
             from order_cancellations x where x.order_id = o.id),
          (select string_agg('memo ' || m.number || ' ' || m.refunded_amount || ' at ' || m.issued_at::time, ', ')
             from credit_memos m where m.order_id = o.id)) as recorded
      from orders o where o.payment_id is not null and
        coalesce((select sum(r.amount) from test_processor_refunds r where r.payment_id = o.payment_id), 0)
        <> coalesce((select sum(x.refunded) from order_cancellations x where x.order_id = o.id), 0)
         + coalesce((select sum(m.refunded_amount) from credit_memos m where m.order_id = o.id), 0)`)
        ).rows
      : [];
    await handle.close();

    const approvalsConsistent =
      decisions !== undefined &&
      decisions.placed === decisions.approved &&
      decisions.distinctOrders === decisions.approved &&
      decisions.approved === stats.approvalsWon &&
      decisions.approved + decisions.pending + decisions.failed <= stats.submitted;
    const stockConsistent = (before[0]?.total ?? 0) - (after[0]?.total ?? 0) === (units?.total ?? 0);
    const promoConsistent = promo?.currentUses === promoOrders?.count && (promo?.currentUses ?? 0) <= 10;
    const moneyConsistent =
      money !== undefined &&
      money.refundsOff === 0 &&
      money.wholeOff === 0 &&
      money.owingLess === 0 &&
      money.paymentsOff === 0 &&
      money.memosOff === 0 &&
      money.overCredited === 0;
    for (const sample of stats.errorSamples) console.log(`error: ${sample}`);
    for (const off of refundsOff)
      console.log(
        `refunds off: ${off.orderNumber}: refunded ${off.refunds ?? "nothing"}; recorded ${off.recorded || "nothing"}`,
      );
    console.log(
      [
        `soak: ${seconds}s, ${clients} buyers + 1 admin + 1 approver + 1 ERP on the API, PostgreSQL`,
        `requests ${stats.requests}, errors ${stats.errors}`,
        `orders confirmed to clients ${stats.ordersSeen.length}, in the database ${written.length}, missing or duplicated ${missing.length + seenTwice}`,
        `checkouts refused with a message: ${[...stats.refusals].map(([reason, n]) => `${reason} ${n}`).join(", ") || "none"}`,
        `stock: ${negative?.count ?? 0} products below zero; units ordered ${units?.total ?? 0}, stock taken ${(before[0]?.total ?? 0) - (after[0]?.total ?? 0)} (${stockConsistent ? "consistent" : "INCONSISTENT"})`,
        `promo ${PROMO}: current_uses ${promo?.currentUses}, orders using it ${promoOrders?.count}, max 10 (${promoConsistent ? "consistent" : "INCONSISTENT"})`,
        `credit: ${shared?.count ?? 0} companies of two buyers; ${overLimit.rows.length} companies over their limit`,
        `after the order: ${stats.shipped} shipments, ${stats.cancelled} cancellations answered (${money?.cancellations ?? 0} written, $${money?.cancelledAmount} off orders, $${money?.refunded} refunded to cards), ${stats.invoicePayments} invoice payments received (${money?.payments ?? 0} recorded, $${money?.paid})`,
        `returns: ${stats.returnsRequested} asked for, ${stats.returnsApproved} approved, ${stats.returnsReceived} received; ${money?.creditMemos ?? 0} credit memos, $${money?.credited}`,
        `money: ${money?.refundsOff ?? "?"} card orders whose provider refunds differ from their cancellations and credit memos, ${money?.memosOff ?? "?"} returns without their one credit memo, ${money?.overCredited ?? "?"} orders credited past their total, ${money?.wholeOff ?? "?"} cancelled orders not cancelled to their total, ${money?.owingLess ?? "?"} invoices owing less than nothing, ${money?.paymentsOff ?? "?"} payments not what the provider took or split (${moneyConsistent ? "consistent" : "INCONSISTENT"})`,
        `approvals: ${stats.submitted} submitted, ${decisions?.approved ?? 0} approved (${stats.approvalsWon} approvals answered placed) with ${decisions?.placed ?? 0} orders, ${decisions?.failed ?? 0} failed on placing, ${decisions?.pending ?? 0} still waiting (${approvalsConsistent ? "consistent" : "INCONSISTENT"})`,
      ].join("\n"),
    );
    const ok =
      stats.errors === 0 &&
      missing.length === 0 &&
      seenTwice === 0 &&
      (negative?.count ?? 0) === 0 &&
      stockConsistent &&
      promoConsistent &&
      approvalsConsistent &&
      moneyConsistent &&
      stats.errors === 0 &&
      overLimit.rows.length === 0;
    if (!ok) process.exitCode = 1;
  } finally {
    if (store && store.exitCode === null) {
      store.kill("SIGTERM");
      await new Promise((resolve) => store?.once("exit", resolve));
    }
    postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
