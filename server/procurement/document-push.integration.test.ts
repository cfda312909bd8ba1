// The documents an OrderRequest's order sends back, end to end on the test database, with a local
// HTTP server standing in for the buyer's procurement system (it answers cXML Responses; its first
// answer is a 500, so the retry shows): the OrderRequest in, the ConfirmationRequest out; each shipment
// recorded, a ShipNoticeRequest; the last one makes the invoice final, and its InvoiceDetailRequest goes.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grindingWheel, insertProduct } from "../../test/catalog-fixtures";
import { withTestDatabase } from "../../test/database";
import { profileWithCompany } from "../../test/store-fixtures";
import { jobs, orderItems, orders, procurementConnections, user } from "../db/schema";
import { runDueJobs } from "../jobs/queue";
import { moveOrder } from "../orders/lifecycle";
import { at, attributeOf, childrenOf, cxmlResponse, parseCxmlRequest, textOf } from "./cxml";
import { answerCxmlRequest } from "./cxml-endpoint";
import { CXML_DOCUMENT_JOB, sendCxmlDocument, sentDocuments } from "./document-push";
import { runPunchOutCommand } from "./punchout-command";

const { handle } = withTestDatabase();
const db = () => handle().db;
const handlers = { [CXML_DOCUMENT_JOB]: sendCxmlDocument };
const sample = (name: string) => readFileSync(path.resolve(import.meta.dirname, "../../test/punchout", name), "utf8");

/** The buyer's system: keeps every document posted, and answers with the next status it is given (200 once they run out). */
async function procurementSystem() {
  const received: string[] = [];
  const answers: number[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push(body);
      const code = answers.shift() ?? 200;
      const xml = cxmlResponse(
        { code: code === 500 ? 200 : code, message: code === 500 ? "" : `Status ${code}` },
        { payloadId: `answer-${received.length}@procurement.example` },
      );
      if (code === 500) return void response.writeHead(500, { "content-type": "text/plain" }).end("Server error");
      response.writeHead(200, { "content-type": "text/xml" }).end(xml);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/cxml/documents`,
    received,
    answers,
    documents: () => received.map((text) => parseCxmlRequest(text)),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

let buyerSystem: Awaited<ReturnType<typeof procurementSystem>>;
let connectionId = "";
let clock = Date.now();
/** The worker, run at a time later than anything queued so far (and than every retry's backoff so far). */
const runJobs = (afterMs = 1) => {
  clock = Math.max(clock, Date.now()) + afterMs;
  return runDueJobs(handlers, new Date(clock));
};

const postCxml = async (body: string) => {
  const response = await answerCxmlRequest(
    new Request("http://localhost:3000/punchout/cxml", {
      method: "POST",
      body,
      headers: { "content-type": "text/xml" },
    }),
  );
  return { status: response.status, text: await response.text() };
};

beforeAll(async () => {
  buyerSystem = await procurementSystem();
  await db()
    .insert(user)
    .values([
      { id: "admin", name: "Admin", email: "admin@example.com", emailVerified: true },
      { id: "ines", name: "Ines Requester", email: "ines@acme-pumps.example", emailVerified: true },
    ]);
  await insertProduct({ ...grindingWheel, stockLevel: 500 });
  await insertProduct({ partNumber: "FD-80-001", name: "Flap Disc", price: "8.49", stockLevel: 500 });
  await profileWithCompany("ines", { creditLimit: "10000", companyName: "Acme Pumps" });
  const added = await runPunchOutCommand([
    "add",
    "--company-email",
    "ines@acme-pumps.example",
    "--protocol",
    "cxml",
    "--identity",
    "AN01000000001",
    "--secret",
    "punchout-shared-secret",
    "--name",
    "Acme Ariba",
    "--documents-url",
    buyerSystem.url,
  ]);
  expect(added.output).toContain(`Order confirmations, ship notices and invoices go to ${buyerSystem.url}.`);
  const [connection] = await db().select().from(procurementConnections);
  connectionId = connection?.id ?? "";
  // The secret is kept hashed for incoming documents, and sealed (never in clear) for the outgoing ones.
  expect(connection?.secretSealed).not.toContain("punchout-shared-secret");
});

afterAll(async () => {
  await buyerSystem?.close();
});

describe("documents pushed to the procurement system", () => {
  let orderNumber = "";

  it("confirms an accepted OrderRequest, retrying when the buyer's system answers 500", async () => {
    const accepted = await postCxml(sample("order-request.xml"));
    expect(accepted.status).toBe(200);
    orderNumber = /order (ORD\w+)/.exec(accepted.text)?.[1] ?? "";
    expect(orderNumber).not.toBe("");

    buyerSystem.answers.push(500);
    expect(await runJobs()).toBe(0);
    expect(buyerSystem.received).toHaveLength(1);
    const [waiting] = await sentDocuments([connectionId]);
    expect(waiting).toMatchObject({ name: "ConfirmationRequest", orderNumber, status: "retrying", attempts: 1 });
    expect(waiting?.lastError).toBe(`${buyerSystem.url} answered HTTP 500.`);
    // Not again before its backoff.
    expect(await runJobs(5_000)).toBe(0);
    expect(buyerSystem.received).toHaveLength(1);
    expect(await runJobs(5_000)).toBe(1);
    expect(buyerSystem.received).toHaveLength(2);
    expect((await sentDocuments([connectionId]))[0]).toMatchObject({ status: "sent", attempts: 2, lastError: null });

    // The retry is the same document: the same payloadID, so the buyer's system can tell.
    const [first, second] = buyerSystem.documents();
    expect(second?.payloadId).toBe(first?.payloadId);
    expect(second?.from).toEqual([{ domain: "DomainName", identity: "localhost:3000", sharedSecret: undefined }]);
    expect(second?.to).toEqual([{ domain: "NetworkID", identity: "AN01000000001", sharedSecret: undefined }]);
    expect(second?.sender[0]?.sharedSecret).toBe("punchout-shared-secret");
    expect(second?.request.name).toBe("ConfirmationRequest");
    const header = at(second?.request.node, "ConfirmationHeader");
    expect(attributeOf(header, "type")).toBe("accept");
    expect(attributeOf(header, "confirmID")).toBe(orderNumber);
    const [order] = await db().select().from(orders).where(eq(orders.orderNumber, orderNumber));
    expect(textOf(at(header, "Total", "Money"))).toBe(order?.totalAmount);
    const reference = at(second?.request.node, "OrderReference");
    expect(attributeOf(reference, "orderID")).toBe("PO-2026-0042");
    expect(attributeOf(at(reference, "DocumentReference"), "payloadID")).toBe(
      "1733131000000.4242.order@procurement.example",
    );
  });

  it("confirms an order once: a resent OrderRequest queues nothing more", async () => {
    const again = await postCxml(sample("order-request.xml"));
    expect(again.text).toContain(`Already accepted as order ${orderNumber}`);
    expect(await runJobs(60_000)).toBe(0);
    expect(await db().select().from(jobs).where(eq(jobs.kind, CXML_DOCUMENT_JOB))).toHaveLength(1);
  });

  it("notices each shipment with its lines, then invoices the order once it has shipped in full", async () => {
    const [order] = await db().select().from(orders).where(eq(orders.orderNumber, orderNumber));
    const items = await db()
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order?.id ?? ""));
    const item = (sku: string) => items.find((each) => each.productSku === sku)?.id ?? "";
    const admin = { actor: "admin" as const, id: "admin" };
    await moveOrder(admin, orderNumber, {
      on: "shipmentRecorded",
      shipment: {
        carrier: "fedex",
        trackingNumber: "748923456789",
        lines: [{ orderItemId: item("GW-45-001"), quantity: 2 }],
      },
    });
    expect(await runJobs()).toBe(1);
    // A cXML refusal (409) is retried too, and its message kept.
    await moveOrder(admin, orderNumber, {
      on: "shipmentRecorded",
      shipment: {
        carrier: "freight_ltl",
        trackingNumber: "",
        lines: [{ orderItemId: item("FD-80-001"), quantity: 2 }],
      },
    });
    buyerSystem.answers.push(409);
    expect(await runJobs()).toBe(1);
    const refused = (await sentDocuments([connectionId])).find((doc) => doc.status === "retrying");
    expect(refused?.lastError).toBe(`${buyerSystem.url} answered cXML status 409 Conflict: Status 409.`);
    expect(await runJobs(10_000)).toBe(1);
    expect((await sentDocuments([connectionId])).map((doc) => doc.status)).toEqual(["sent", "sent", "sent", "sent"]);

    // Each document once, as last received (the refused one came twice).
    const documents = [...new Map(buyerSystem.documents().map((doc) => [doc.payloadId, doc])).values()].slice(1);
    const notices = documents.filter((doc) => doc.request.name === "ShipNoticeRequest");
    expect(notices.map((doc) => attributeOf(at(doc.request.node, "ShipNoticeHeader"), "shipmentID")).sort()).toEqual([
      `${orderNumber}-1`,
      `${orderNumber}-2`,
    ]);
    const fedex = notices.find((doc) => at(doc.request.node, "ShipControl"));
    expect(textOf(at(fedex?.request.node, "ShipControl", "CarrierIdentifier"))).toBe("FedEx");
    expect(textOf(at(fedex?.request.node, "ShipControl", "ShipmentIdentifier"))).toBe("748923456789");
    const shipped = notices.flatMap((doc) =>
      childrenOf(at(doc.request.node, "ShipNoticePortion"), "ShipNoticeItem").map((line) => [
        attributeOf(line, "lineNumber"),
        textOf(at(line, "ItemID", "SupplierPartID")),
        attributeOf(line, "quantity"),
      ]),
    );
    expect(shipped.sort()).toEqual([
      ["1", "GW-45-001", "2"],
      ["2", "FD-80-001", "2"],
    ]);
    expect(attributeOf(at(notices[0]?.request.node, "ShipNoticePortion", "OrderReference"), "orderID")).toBe(
      "PO-2026-0042",
    );

    const invoice = documents.find((doc) => doc.request.name === "InvoiceDetailRequest");
    const [invoiced] = await db().select().from(orders).where(eq(orders.orderNumber, orderNumber));
    const header = at(invoice?.request.node, "InvoiceDetailRequestHeader");
    expect(attributeOf(header, "invoiceID")).toBe(invoiced?.invoiceNumber);
    expect(attributeOf(header, "purpose")).toBe("standard");
    const lines = childrenOf(at(invoice?.request.node, "InvoiceDetailOrder"), "InvoiceDetailItem").map((line) => [
      attributeOf(at(line, "InvoiceDetailItemReference"), "lineNumber"),
      attributeOf(line, "quantity"),
      textOf(at(line, "UnitPrice", "Money")),
      textOf(at(line, "SubtotalAmount", "Money")),
    ]);
    expect(lines.sort()).toEqual([
      ["1", "2", "12.99", "25.98"],
      ["2", "2", "8.49", "16.98"],
    ]);
    const summary = at(invoice?.request.node, "InvoiceDetailSummary");
    expect(textOf(at(summary, "SubtotalAmount", "Money"))).toBe("42.96");
    expect(textOf(at(summary, "Tax", "Money"))).toBe(invoiced?.taxAmount);
    expect(textOf(at(summary, "NetAmount", "Money"))).toBe(invoiced?.totalAmount);
    expect(textOf(at(summary, "DueAmount", "Money"))).toBe(invoiced?.totalAmount);
  });

  it("fails a document for good when its connection loses the URL, and says why", async () => {
    const [order] = await db().select().from(orders).where(eq(orders.orderNumber, orderNumber));
    await moveOrder({ actor: "admin", id: "admin" }, orderNumber, { on: "statusAsked", to: "completed" });
    // Nothing new to send for a status the procurement system is not told of.
    expect(await runJobs()).toBe(0);
    await db()
      .update(jobs)
      .set({ doneAt: null, attempts: 0 })
      .where(eq(jobs.uniqueKey, `cxml:invoice:${order?.id}`));
    await db().update(procurementConnections).set({ pushUrl: null }).where(eq(procurementConnections.id, connectionId));
    expect(await runJobs()).toBe(0);
    const failed = (await sentDocuments([connectionId])).find((doc) => doc.name === "InvoiceDetailRequest");
    expect(failed).toMatchObject({
      status: "failed",
      lastError: "The connection no longer has an order-document URL, so the document was not sent.",
    });
  });
});
