// Documents pushed to a procurement system about the orders it sent by OrderRequest (docs/punchout.md):
// each is queued as a job in the transaction of what it reports (the order accepted, a shipment
// recorded, the invoice final), once each by its unique key, and only for an order whose connection
// has an order-document URL. The job posts it with the connection's credentials; a 2xx answer whose
// cXML Status is 200 or 201 is success, anything else is retried (server/jobs/queue.ts).
import { and, asc, desc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { fromCents, toCents } from "../../domain/money/cents";
import { invoicedCents } from "../../domain/orders/cancellations";
import { carriers } from "../../domain/orders/carriers";
import { config } from "../config";
import { db, type Transaction } from "../db/client";
import { jobs, orderItems, orders, procurementConnections, procurementOrders } from "../db/schema";
import { StoreError } from "../errors";
import { type ClaimedJob, enqueueJob, PermanentJobError } from "../jobs/queue";
import { unsealSecret } from "./connections";
import { newPayloadId, parseCxmlResponseStatus } from "./cxml";
import {
  type DocumentLine,
  type OrderReference,
  type OutgoingDocumentData,
  outgoingDocument,
  requestNames,
} from "./outgoing-documents";

export const CXML_DOCUMENT_JOB = "cxml-document";
const SEND_TIMEOUT_MS = 30_000;

/** What a document's job keeps: where it goes, its envelope (the same on every attempt) and what it says. */
interface DocumentJob {
  connectionId: string;
  orderNumber: string;
  payloadId: string;
  timestamp: string;
  document: OutgoingDocumentData;
}

type Order = typeof orders.$inferSelect;

/** The OrderRequest an order came by, when its connection wants documents. */
async function procurementLink(tx: Transaction, order: Order) {
  const [link] = await tx
    .select({
      connectionId: procurementOrders.connectionId,
      payloadId: procurementOrders.payloadId,
      lineNumbers: procurementOrders.lineNumbers,
    })
    .from(procurementOrders)
    .innerJoin(procurementConnections, eq(procurementConnections.id, procurementOrders.connectionId))
    .where(and(eq(procurementOrders.orderId, order.id), isNotNull(procurementConnections.pushUrl)));
  if (!link) return undefined;
  const reference: OrderReference = {
    orderId: order.poNumber ?? order.orderNumber,
    orderDate: order.orderDate.toISOString(),
    payloadId: link.payloadId,
  };
  return { ...link, reference };
}

const storeHost = () => new URL(config().PUBLIC_URL).host;

async function queueDocument(
  tx: Transaction,
  link: { connectionId: string },
  order: Order,
  document: OutgoingDocumentData,
  { uniqueKey, now }: { uniqueKey: string; now: Date },
) {
  const payload: DocumentJob = {
    connectionId: link.connectionId,
    orderNumber: order.orderNumber,
    payloadId: newPayloadId(storeHost(), now),
    timestamp: now.toISOString(),
    document,
  };
  await enqueueJob({ kind: CXML_DOCUMENT_JOB, payload: { ...payload }, uniqueKey }, tx);
}

async function orderById(tx: Transaction, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`Order ${orderId} vanished in its own transaction.`);
  return order;
}

/** The ConfirmationRequest of an order accepted from an OrderRequest, in the order's transaction. */
export async function queueConfirmation(tx: Transaction, orderId: string, now: Date) {
  const order = await orderById(tx, orderId);
  const link = await procurementLink(tx, order);
  if (!link) return;
  await queueDocument(
    tx,
    link,
    order,
    {
      type: "confirmation",
      reference: link.reference,
      confirmId: order.orderNumber,
      noticeDate: now.toISOString(),
      total: order.totalAmount,
      tax: order.taxAmount,
    },
    { uniqueKey: `cxml:confirmation:${order.id}`, now },
  );
}

async function linesOf(tx: Transaction, orderId: string) {
  return tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.productName));
}

type Item = typeof orderItems.$inferSelect;

const documentLine = (item: Item, lineNumbers: Record<string, string>, quantity: number): DocumentLine => ({
  lineNumber: lineNumbers[item.id] ?? "",
  quantity,
  partNumber: item.productSku ?? "",
  description: item.productName,
  // The unit of sale the line was bought in, which its quantity counts.
  unitOfMeasure: item.unit,
});

export interface ShipmentReported {
  number: number;
  carrier: keyof typeof carriers;
  trackingNumber: string | null;
  shippedAt: Date;
  lines: { orderItemId: string; quantity: number }[];
}

/** The ShipNoticeRequest of one shipment, in the shipment's transaction. */
export async function queueShipNotice(tx: Transaction, order: Order, shipment: ShipmentReported, now: Date) {
  const link = await procurementLink(tx, order);
  if (!link) return;
  const items = await linesOf(tx, order.id);
  const lines = shipment.lines.flatMap(({ orderItemId, quantity }) => {
    const item = items.find((each) => each.id === orderItemId);
    return item ? [documentLine(item, link.lineNumbers, quantity)] : [];
  });
  await queueDocument(
    tx,
    link,
    order,
    {
      type: "shipNotice",
      reference: link.reference,
      shipmentId: `${order.orderNumber}-${shipment.number}`,
      noticeDate: now.toISOString(),
      shipmentDate: shipment.shippedAt.toISOString(),
      carrier: carriers[shipment.carrier].name,
      trackingNumber: shipment.trackingNumber,
      lines,
    },
    { uniqueKey: `cxml:ship-notice:${order.id}:${shipment.number}`, now },
  );
}

/**
 * The InvoiceDetailRequest of a terms order's invoice, once it is final: when the order has shipped in
 * full (docs/decisions/shipments.md), for the quantities delivered, less what was cancelled.
 */
export async function queueInvoice(tx: Transaction, order: Order, now: Date) {
  if (!order.invoiceNumber) return;
  const link = await procurementLink(tx, order);
  if (!link) return;
  const items = await linesOf(tx, order.id);
  const amounts = invoicedCents(order, items);
  const lines = items
    .filter((item) => item.quantity > item.cancelledQuantity)
    .map((item) => {
      const quantity = item.quantity - item.cancelledQuantity;
      return {
        ...documentLine(item, link.lineNumbers, quantity),
        unitPrice: fromCents(toCents(item.unitPrice)),
        subtotal: fromCents(toCents(item.unitPrice) * quantity),
      };
    });
  await queueDocument(
    tx,
    link,
    order,
    {
      type: "invoice",
      reference: link.reference,
      invoiceId: order.invoiceNumber,
      invoiceDate: order.orderDate.toISOString(),
      supplierOrderId: order.orderNumber,
      termsDays: order.termsDays ?? 30,
      lines,
      subtotal: fromCents(amounts.subtotal),
      discount: fromCents(amounts.discount),
      tax: fromCents(amounts.tax),
      net: fromCents(amounts.net),
      due: fromCents(amounts.net),
    },
    { uniqueKey: `cxml:invoice:${order.id}`, now },
  );
}

const failure = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The job: posts the document with the connection's credentials, and throws unless the answer is a success. */
export async function sendCxmlDocument(job: ClaimedJob): Promise<void> {
  const { connectionId, payloadId, timestamp, document } = job.payload as unknown as DocumentJob;
  const [connection] = await db()
    .select()
    .from(procurementConnections)
    .where(eq(procurementConnections.id, connectionId));
  if (!connection) throw new PermanentJobError("The connection was removed, so the document has nowhere to go.");
  if (!connection.pushUrl)
    throw new PermanentJobError("The connection no longer has an order-document URL, so the document was not sent.");
  if (!connection.secretSealed)
    throw new Error(
      "The shared secret was set before the store kept it for outgoing documents: enter it again on the connection.",
    );
  const secret = await unsealSecret(connection.secretSealed).catch(() => {
    throw new Error("The shared secret cannot be read with this AUTH_SECRET: enter it again on the connection.");
  });
  const body = outgoingDocument(
    document,
    {
      from: { domain: "DomainName", identity: storeHost() },
      to: { domain: connection.domain ?? "NetworkID", identity: connection.identity },
      sharedSecret: secret,
    },
    { payloadId, now: new Date(timestamp) },
  );
  let response: Response;
  try {
    response = await fetch(connection.pushUrl, {
      method: "POST",
      headers: { "Content-Type": "text/xml; charset=utf-8" },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (error) {
    throw new Error(`${connection.pushUrl} did not answer: ${failure(error)}`);
  }
  const text = await response.text();
  if (response.status < 200 || response.status > 299)
    throw new Error(`${connection.pushUrl} answered HTTP ${response.status}${statusNote(text)}.`);
  let status: ReturnType<typeof parseCxmlResponseStatus>;
  try {
    status = parseCxmlResponseStatus(text);
  } catch (error) {
    throw new Error(
      `${connection.pushUrl} answered without a cXML Response: ${error instanceof StoreError ? error.message : failure(error)}`,
    );
  }
  if (status.code !== 200 && status.code !== 201)
    throw new Error(
      `${connection.pushUrl} answered cXML status ${status.code} ${status.text}${status.message ? `: ${status.message}` : ""}.`,
    );
}

/** What a refusal's cXML says, when it is one. */
function statusNote(text: string): string {
  try {
    const status = parseCxmlResponseStatus(text);
    return ` (cXML status ${status.code}${status.message ? `: ${status.message}` : ""})`;
  } catch {
    return "";
  }
}

export type DocumentStatus = "sent" | "failed" | "retrying" | "waiting";

export interface SentDocument {
  id: string;
  connectionId: string;
  name: string;
  orderNumber: string;
  status: DocumentStatus;
  attempts: number;
  lastError: string | null;
  queuedAt: Date;
  /** When it was sent, failed for good, or will be tried next. */
  at: Date;
}

/** The latest documents of each connection, newest first, with how their sending went. */
export async function sentDocuments(connectionIds: readonly string[], perConnection = 10): Promise<SentDocument[]> {
  if (connectionIds.length === 0) return [];
  const connectionId = sql<string>`${jobs.payload}->>'connectionId'`;
  const ranked = db()
    .$with("ranked")
    .as(
      db()
        .select({
          id: jobs.id,
          connectionId: connectionId.as("connection_id"),
          type: sql<OutgoingDocumentData["type"]>`${jobs.payload}->'document'->>'type'`.as("document_type"),
          orderNumber: sql<string>`${jobs.payload}->>'orderNumber'`.as("order_number"),
          attempts: jobs.attempts,
          lastError: jobs.lastError,
          runAt: jobs.runAt,
          doneAt: jobs.doneAt,
          failedAt: jobs.failedAt,
          createdAt: jobs.createdAt,
          rank: sql<number>`row_number() over (partition by ${connectionId} order by ${jobs.createdAt} desc)`.as(
            "rank",
          ),
        })
        .from(jobs)
        .where(and(eq(jobs.kind, CXML_DOCUMENT_JOB), inArray(connectionId, [...connectionIds]))),
    );
  const rows = await db()
    .with(ranked)
    .select()
    .from(ranked)
    .where(lte(ranked.rank, perConnection))
    .orderBy(desc(ranked.createdAt));
  return rows.map((row) => ({
    id: row.id,
    connectionId: row.connectionId,
    name: requestNames[row.type] ?? row.type,
    orderNumber: row.orderNumber,
    status: row.doneAt ? "sent" : row.failedAt ? "failed" : row.attempts > 0 ? "retrying" : "waiting",
    attempts: row.attempts,
    lastError: row.lastError,
    queuedAt: row.createdAt,
    at: row.doneAt ?? row.failedAt ?? row.runAt,
  }));
}
