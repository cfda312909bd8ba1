// The documents a buyer downloads: an order's invoice or receipt, and the account statement (PDF
// and CSV). Each is looked up within the member's company (an order's, also among the orders the
// buyer placed under an account of theirs since closed): another company's answers as a made-up one does.
import { stringify } from "csv-stringify/sync";
import { and, asc, eq, isNotNull, isNull, ne } from "drizzle-orm";
import { type Day, formatLongDate, storeDay } from "../../domain/dates/dates";
import { fromCents, toCents } from "../../domain/money/cents";
import { formatUsd } from "../../domain/money/format";
import { buildStatement, type Statement } from "../../domain/terms/statement";
import { agingBucketLabels, agingBuckets, INVOICE_NUMBER_PATTERN } from "../../domain/terms/terms";
import { type Buyer, inBuyersCompany } from "../companies/buyer";
import { config } from "../config";
import { db } from "../db/client";
import {
  companies,
  creditMemoApplications,
  creditMemos,
  invoicePaymentAllocations,
  invoicePayments,
  orderItems,
  orders,
  profiles,
} from "../db/schema";
import { ORDER_NUMBER_PATTERN } from "../orders/order-number";
import { buyerSeesOrder } from "../orders/orders";
import { invoiceCharge, invoiceSettlements } from "../terms/account-terms";
import { orderDocument } from "./order-document";
import { renderPartsDocument } from "./parts-document";
import { renderPdf } from "./pdf";

export interface DownloadedFile {
  filename: string;
  content: Buffer;
}

/**
 * `/account/invoices/INV-000123.pdf` (a terms order) or `/account/receipts/ORD….pdf` (a card order),
 * null when the buyer has no such document.
 */
export async function buyerOrderDocument(
  buyer: Buyer,
  kind: "invoice" | "receipt",
  file: string,
): Promise<DownloadedFile | null> {
  const number = file.endsWith(".pdf") ? file.slice(0, -".pdf".length) : "";
  const which =
    kind === "invoice"
      ? INVOICE_NUMBER_PATTERN.test(number) && eq(orders.invoiceNumber, number)
      : ORDER_NUMBER_PATTERN.test(number) && and(eq(orders.orderNumber, number), isNull(orders.invoiceNumber));
  if (!which) return null;
  const [order] = await db()
    .select()
    .from(orders)
    .where(and(which, buyerSeesOrder(buyer)));
  if (!order) return null;
  const items = await db()
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.productName));
  const settlements = kind === "invoice" ? await invoiceSettlements(order.id) : [];
  const document = orderDocument({ ...order, items }, settlements);
  return { filename: document.filename, content: await renderPartsDocument(document) };
}

/** The company's statement for `from` to `to` (store days), with whom it is for. */
export async function buyerStatement(buyer: Buyer, from: Day, to: Day) {
  const { userId } = buyer;
  const [profile] = await db()
    .select({
      accountNumber: companies.accountNumber,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      companyName: companies.name,
    })
    .from(profiles)
    .leftJoin(companies, inBuyersCompany(companies.id, buyer))
    .where(eq(profiles.userId, userId));
  const rows = await db()
    .select({
      id: orders.id,
      invoiceNumber: orders.invoiceNumber,
      orderNumber: orders.orderNumber,
      invoiceDate: orders.orderDate,
      dueDate: orders.paymentDueDate,
      // Cancelled items are not charged: the statement's balance is the credit centre's.
      total: invoiceCharge,
      paidAt: orders.paidAt,
    })
    .from(orders)
    .where(
      and(inBuyersCompany(orders.companyId, buyer), isNotNull(orders.invoiceNumber), ne(orders.status, "cancelled")),
    );
  // The buyers' online payments, part or whole, each on the day it was recorded.
  const paid = await db()
    .select({
      orderId: invoicePaymentAllocations.orderId,
      at: invoicePayments.recordedAt,
      amount: invoicePaymentAllocations.amount,
    })
    .from(invoicePaymentAllocations)
    .innerJoin(invoicePayments, eq(invoicePayments.id, invoicePaymentAllocations.paymentId))
    .where(and(inBuyersCompany(invoicePayments.companyId, buyer), eq(invoicePayments.status, "recorded")));
  // Credit memos of returns (docs/decisions/returns.md): each a negative charge, and what it took off each invoice.
  const [memos, applications] = await Promise.all([
    db()
      .select({
        id: creditMemos.id,
        creditMemoNumber: creditMemos.number,
        orderNumber: orders.orderNumber,
        issuedAt: creditMemos.issuedAt,
        amount: creditMemos.amount,
      })
      .from(creditMemos)
      .innerJoin(orders, eq(orders.id, creditMemos.orderId))
      .where(and(inBuyersCompany(creditMemos.companyId, buyer), eq(creditMemos.paymentMethod, "on_terms"))),
    db()
      .select({
        creditMemoId: creditMemoApplications.creditMemoId,
        orderId: creditMemoApplications.orderId,
        amount: creditMemoApplications.amount,
        at: creditMemos.issuedAt,
      })
      .from(creditMemoApplications)
      .innerJoin(creditMemos, eq(creditMemos.id, creditMemoApplications.creditMemoId))
      .where(inBuyersCompany(creditMemos.companyId, buyer)),
  ]);
  const paymentsOf = (orderId: string) =>
    paid.flatMap((payment) =>
      payment.orderId === orderId && payment.at ? [{ at: payment.at, amount: payment.amount }] : [],
    );
  const statement = buildStatement(
    rows.map((row) => ({
      ...row,
      payments: paymentsOf(row.id),
      credits: applications.filter((each) => each.orderId === row.id),
      invoiceNumber: row.invoiceNumber ?? row.orderNumber,
      dueDate: row.dueDate ?? row.invoiceDate,
    })),
    from,
    to,
    memos.map(({ id, ...memo }) => {
      const applied = applications
        .filter((each) => each.creditMemoId === id)
        .reduce((sum, each) => sum + toCents(each.amount), 0);
      return { ...memo, unapplied: fromCents(toCents(memo.amount) - applied) };
    }),
  );
  const name = [profile?.firstName, profile?.lastName].filter(Boolean).join(" ");
  return { statement, account: { number: profile?.accountNumber ?? "", name, company: profile?.companyName ?? "" } };
}

type BuyerStatement = Awaited<ReturnType<typeof buyerStatement>>;

const statementKinds: Record<Statement["lines"][number]["kind"], string> = {
  invoice: "Invoice",
  payment: "Payment",
  credit: "Credit memo",
};

const statementName = (statement: Statement, extension: string) =>
  `statement-${statement.from}-to-${statement.to}.${extension}`;

/** The statement as CSV: one row per invoice or payment, then the balances. Amounts in plain dollars. */
export function statementCsv({ statement }: BuyerStatement): DownloadedFile {
  const rows = [
    ["Date", "Type", "Invoice", "Order", "Due Date", "Charges", "Payments", "Balance"],
    [statement.from, "Opening balance", "", "", "", "", "", statement.opening],
    ...statement.lines.map((line) => [
      line.day,
      statementKinds[line.kind],
      line.invoiceNumber,
      line.orderNumber,
      storeDay(line.dueDate),
      line.kind === "payment" ? "" : line.charge,
      line.kind === "payment" ? line.payment : "",
      line.balance,
    ]),
    [statement.to, "Closing balance", "", "", "", statement.charges, statement.payments, statement.closing],
  ];
  return { filename: statementName(statement, "csv"), content: Buffer.from(stringify(rows)) };
}

export async function statementPdf({ statement, account }: BuyerStatement): Promise<DownloadedFile> {
  const { STORE_EMAIL, STORE_PHONE, STORE_REMIT_TO } = config();
  const period = `${formatLongDate(`${statement.from}T12:00:00Z`)} to ${formatLongDate(`${statement.to}T12:00:00Z`)}`;
  const content = await renderPdf(`Statement ${statement.from} to ${statement.to}`, (pdf) => {
    pdf.header("STATEMENT", { name: "Cascade Industrial Supply", email: STORE_EMAIL, phone: STORE_PHONE });
    pdf.facts([
      ["Account Number", account.number],
      ["Period", period],
      ["Opening Balance", formatUsd(statement.opening)],
      ["Closing Balance", formatUsd(statement.closing)],
    ]);
    pdf.blocks([
      { title: "Account", lines: [account.name, account.company].filter(Boolean) },
      { title: "Remit To", lines: STORE_REMIT_TO },
    ]);
    pdf.heading("Activity");
    pdf.table(
      [
        { header: "Date", width: 1.3 },
        { header: "Type", width: 1 },
        { header: "Invoice", width: 1.3 },
        { header: "Due Date", width: 1.3 },
        { header: "Charges", width: 1.2, align: "right" },
        { header: "Payments", width: 1.2, align: "right" },
        { header: "Balance", width: 1.2, align: "right" },
      ],
      statement.lines.length === 0
        ? [["", "No invoices or payments in this period", "", "", "", "", ""]]
        : statement.lines.map((line) => [
            formatLongDate(`${line.day}T12:00:00Z`),
            statementKinds[line.kind],
            line.invoiceNumber,
            line.kind === "credit" ? "" : formatLongDate(line.dueDate),
            line.kind === "payment" ? "" : formatUsd(line.charge),
            line.kind === "payment" ? formatUsd(line.payment) : "",
            formatUsd(line.balance),
          ]),
    );
    pdf.heading(`Open invoices on ${formatLongDate(`${statement.to}T12:00:00Z`)}`);
    pdf.table(
      [
        { header: "Invoice", width: 1.3 },
        { header: "Invoice Date", width: 1.4 },
        { header: "Due Date", width: 1.4 },
        { header: "Days Past Due", width: 1, align: "right" },
        { header: "Amount Owed", width: 1.2, align: "right" },
      ],
      [
        ...statement.open.map((invoice) => [
          invoice.invoiceNumber,
          formatLongDate(invoice.invoiceDate),
          formatLongDate(invoice.dueDate),
          String(Math.max(0, invoice.daysPastDue)),
          formatUsd(invoice.owed),
        ]),
        ...statement.openCredits.map((credit) => [
          credit.creditMemoNumber,
          formatLongDate(credit.issuedAt),
          "Credit",
          "",
          formatUsd(`-${credit.unapplied}`),
        ]),
      ],
    );
    pdf.totals([
      ...agingBuckets.map((bucket): [string, string] => [
        agingBucketLabels[bucket],
        formatUsd(statement.aging[bucket]),
      ]),
      ["Total Open", formatUsd(statement.closing)],
    ]);
  });
  return { filename: statementName(statement, "pdf"), content };
}
