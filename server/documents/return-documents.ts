// A return's two documents (docs/decisions/returns.md): the Return Authorisation the buyer packs with
// the parts (where to send them, the RMA number, the lines, what to do), and the credit memo issued
// when they arrive. Built as data first (tested apart from the drawing), then drawn with the store's
// PDF pieces. Each is found for the store's admins, or within the buyer's company: another company's
// answers as a made-up one does.
import { and, eq } from "drizzle-orm";
import { formatLongDate } from "../../domain/dates/dates";
import { fromCents, toCents } from "../../domain/money/cents";
import { formatUsd } from "../../domain/money/format";
import { CREDIT_MEMO_NUMBER_PATTERN, RMA_NUMBER_PATTERN, returnReasonLabels } from "../../domain/returns/returns";
import type { Buyer } from "../companies/buyer";
import { config } from "../config";
import { db } from "../db/client";
import { creditMemos, orders, returns } from "../db/schema";
import { shippingAddressLines } from "../orders/messages";
import { buyerSeesOrder } from "../orders/orders";
import { type ReturnView, returnView } from "../returns/view";
import type { DownloadedFile } from "./buyer-documents";
import { type PartsDocument, renderPartsDocument } from "./parts-document";
import { type Column, renderPdf } from "./pdf";

type Order = typeof orders.$inferSelect;
type Memo = NonNullable<ReturnView["creditMemo"]>;

const authorisationColumns: Column[] = [
  { header: "Part Number", width: 2 },
  { header: "Description", width: 5 },
  { header: "Qty to Return", width: 1.5, align: "right" },
];

/** What the Return Authorisation says. */
export function returnAuthorisationDocument(view: ReturnView, order: Order) {
  const rma = view.rmaNumber ?? "";
  return {
    title: "RETURN AUTHORISATION",
    filename: `${rma}.pdf`,
    facts: [
      ["RMA Number", rma],
      ["Approved", view.decidedAt ? formatLongDate(view.decidedAt) : ""],
      ["Order Number", order.orderNumber],
      ["Order Date", formatLongDate(order.orderDate)],
      ["Reason", returnReasonLabels[view.reason]],
    ] as [string, string][],
    blocks: [
      { title: "Ship Returns To", lines: [...config().STORE_RETURN_TO, `Attn: ${rma}`] },
      { title: "From", lines: shippingAddressLines(order) },
    ],
    lines: view.lines.map((line) => [line.part ?? "", line.name, String(line.quantity)]),
    instructions: [
      `Write ${rma} clearly on the outside of every box.`,
      "Pack the parts listed above, in their original packaging where you can, with a copy of this authorisation inside.",
      "Send only the parts and quantities listed: anything else is sent back to you.",
      "Ship to the address above by a carrier that gives a tracking number, and keep it until your credit arrives.",
      "When the parts arrive we inspect them and issue a credit memo: on terms it lowers your account balance; paid by card, the card is refunded.",
    ],
  };
}

export function renderReturnAuthorisation(view: ReturnView, order: Order): Promise<Buffer> {
  const { STORE_EMAIL, STORE_PHONE } = config();
  const doc = returnAuthorisationDocument(view, order);
  return renderPdf(`Return authorisation ${view.rmaNumber}`, (pdf) => {
    pdf.header(doc.title, { name: "Cascade Industrial Supply", email: STORE_EMAIL, phone: STORE_PHONE });
    pdf.facts(doc.facts);
    pdf.blocks(doc.blocks);
    pdf.table(authorisationColumns, doc.lines);
    pdf.heading("Instructions");
    pdf.bullets(doc.instructions);
  });
}

/** What the credit memo says: the lines at the prices paid, their discount share and tax, and where the credit went. */
export function creditMemoDocument(view: ReturnView, order: Order, memo: Memo): PartsDocument {
  const byCard = memo.paymentMethod === "credit_card";
  const discount = Number(memo.discountAmount) > 0;
  return {
    title: "CREDIT MEMO",
    filename: `${memo.number}.pdf`,
    facts: [
      ["Credit Memo Number", memo.number],
      ["Date", formatLongDate(memo.issuedAt)],
      ["RMA Number", view.rmaNumber ?? ""],
      ["Order Number", order.orderNumber],
      ...(order.invoiceNumber ? [["Invoice Number", order.invoiceNumber] as [string, string]] : []),
    ],
    blocks: [
      {
        title: "Credit To",
        lines: [`${order.firstName} ${order.lastName}`, order.companyName ?? "", order.email].filter(Boolean),
      },
    ],
    lines: view.lines.map((line) => [
      line.part ?? "",
      line.name,
      String(line.quantity),
      formatUsd(line.unitPrice),
      formatUsd(fromCents(toCents(line.unitPrice) * line.quantity)),
    ]),
    totals: [
      ["Returned Parts", formatUsd(memo.linesAmount)],
      ...(discount ? [["Discount Share", `-${formatUsd(memo.discountAmount)}`] as [string, string]] : []),
      ["Tax", formatUsd(memo.taxAmount)],
      ["Credit Total", formatUsd(memo.amount)],
      byCard ? ["Refunded to Card", formatUsd(memo.refundedAmount)] : ["Credited to Account", formatUsd(memo.amount)],
    ],
    notes: [
      byCard
        ? `${formatUsd(memo.amount)} has been refunded to the card that paid order ${order.orderNumber}. It may take 5-10 business days to appear.`
        : `${formatUsd(memo.amount)} is credited to your account: it lowers what invoice ${order.invoiceNumber} still owes first, then your oldest open invoices; any rest stays as credit on your account.`,
    ],
  };
}

/**
 * `/account/rma/RMA-000123.pdf` or `/account/credit-memos/CM-000045.pdf` (and the same under
 * /admin/), null when there is no such document for this viewer.
 */
export async function returnDocument(
  viewer: Buyer | "admin",
  kind: "rma" | "credit-memo",
  file: string,
): Promise<DownloadedFile | null> {
  const number = file.endsWith(".pdf") ? file.slice(0, -".pdf".length) : "";
  const pattern = kind === "rma" ? RMA_NUMBER_PATTERN : CREDIT_MEMO_NUMBER_PATTERN;
  if (!pattern.test(number)) return null;
  const which = kind === "rma" ? eq(returns.rmaNumber, number) : eq(creditMemos.number, number);
  const [found] = await db()
    .select({ returnId: returns.id, order: orders })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .leftJoin(creditMemos, eq(creditMemos.returnId, returns.id))
    .where(and(which, viewer === "admin" ? undefined : buyerSeesOrder(viewer)));
  if (!found) return null;
  const view = await returnView(db(), found.returnId);
  if (kind === "rma") return { filename: `${number}.pdf`, content: await renderReturnAuthorisation(view, found.order) };
  if (!view.creditMemo) return null;
  const document = creditMemoDocument(view, found.order, view.creditMemo);
  return { filename: document.filename, content: await renderPartsDocument(document) };
}
