import { useEffect, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { refusals } from "../../domain/companies/companies";
import { formatShortDate, storeDay } from "../../domain/dates/dates";
import { fromCents, toCents } from "../../domain/money/cents";
import { formatUsd } from "../../domain/money/format";
import { orderDocumentHref } from "../../domain/orders/order-documents";
import { creditMemoHref } from "../../domain/returns/returns";
import {
  amountCents,
  amountField,
  type ChosenAmount,
  checkAllocations,
  type InvoiceStanding,
  receiptLine,
} from "../../domain/terms/invoice-payments";
import { defaultStatementRange } from "../../domain/terms/statement-range";
import { agingBucketLabels, agingBuckets, termsName } from "../../domain/terms/terms";
import { requireBuyer } from "../../server/accounts/session";
import { type Buyer, buyerCan } from "../../server/companies/buyer";
import { config } from "../../server/config";
import { StoreError } from "../../server/errors";
import { dispatchIntent } from "../../server/form-intents";
import { paymentProvider } from "../../server/payments/configured";
import { creditMemosOf } from "../../server/returns/returns";
import { creditCentre } from "../../server/terms/account-terms";
import type { InvoicePaymentReceipt } from "../../server/terms/invoice-mails";
import { completeInvoicePayment, startInvoicePayment } from "../../server/terms/invoice-payments";
import { dataWithToast } from "../../server/toast";
import { Breadcrumb } from "../components/breadcrumb";
import { CardPaymentPanel, type StartedPayment } from "../components/checkout/card-payment-panel";
import { Price } from "../components/price";
import { SubmitButton } from "../components/submit-button";
import { type ToastMessage, useToast } from "../components/toasts";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card";
import { Input } from "../components/ui/input";
import { Label } from "../components/ui/label";
import { type StackedColumn, StackedTable } from "../components/ui/stacked-table";
import type { Route } from "./+types/account.credit";

export function meta() {
  return [{ title: "Credit Center | Cascade Industrial Supply" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const buyer = requireBuyer({ request, context });
  const now = new Date();
  const [{ credits: _credits, ...credit }, memos] = await Promise.all([creditCentre(buyer, now), creditMemosOf(buyer)]);
  return {
    ...credit,
    creditMemos: memos.map((memo) => ({
      ...memo,
      issuedAt: memo.issuedAt.toISOString(),
      href: creditMemoHref(memo.number),
    })),
    open: credit.open.map((invoice) => ({
      invoiceNumber: invoice.invoiceNumber,
      orderNumber: invoice.orderNumber,
      orderDate: invoice.orderDate.toISOString(),
      dueDate: invoice.dueDate.toISOString(),
      total: invoice.total,
      balance: invoice.balance,
      daysPastDue: invoice.daysPastDue,
      href: orderDocumentHref({ ...invoice, paymentMethod: "on_terms" }),
    })),
    statement: defaultStatementRange(storeDay(now)),
    storeEmail: config().STORE_EMAIL,
    canPay: buyerCan(buyer, "payInvoices"),
    email: buyer.email,
    payments: paymentProvider().publicConfig,
  };
}

type ActionResult = {
  payment?: StartedPayment;
  receipt?: InvoicePaymentReceipt;
  message?: string;
  toast?: ToastMessage;
};

/** A refusal stays on the page beside the invoices, as the answer's own toast and message. */
const refusedInPlace = { toast: "inline" } as const;

export function action(args: Route.ActionArgs) {
  return dispatchIntent(args, {
    pay: { ...refusedInPlace, handle: pay },
    complete: { ...refusedInPlace, handle: complete },
  });
}

/** The invoices ticked, each with the amount typed beside it, as the form posts them. */
function chosenAmounts(formData: FormData): ChosenAmount[] {
  return formData
    .getAll("invoice")
    .filter((value): value is string => typeof value === "string")
    .map((invoiceNumber) => ({ invoiceNumber, amount: String(formData.get(amountField(invoiceNumber)) ?? "") }));
}

/** Starts the card payment of the amounts chosen; the card panel then asks for the card. */
async function pay(buyer: Buyer, formData: FormData) {
  const payment = await startInvoicePayment(buyer, chosenAmounts(formData));
  return data<ActionResult>({ payment });
}

/** The payment the provider confirmed is applied to the invoices; the receipt is shown and mailed. */
async function complete(buyer: Buyer, formData: FormData) {
  const paymentId = formData.get("paymentId");
  if (typeof paymentId !== "string" || !paymentId)
    throw new StoreError("Invalid", "This payment could not be found. Please start the payment again.");
  const receipt = await completeInvoicePayment(paymentId, buyer.userId);
  return dataWithToast<ActionResult>(
    { receipt },
    {
      type: "success",
      title: "Payment received",
      description: `${formatUsd(receipt.amount)} applied to your invoices.`,
    },
  );
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** "Due in 12 days", "Due today", "3 days past due". */
function dueStatus(daysPastDue: number) {
  if (daysPastDue === 0) return "Due today";
  const days = (n: number) => (n === 1 ? "1 day" : `${n} days`);
  return daysPastDue < 0 ? `Due in ${days(-daysPastDue)}` : `${days(daysPastDue)} past due`;
}

type OpenInvoice = Route.ComponentProps["loaderData"]["open"][number];
type CreditMemoRow = Route.ComponentProps["loaderData"]["creditMemos"][number];

/** Where a credit memo's credit went: the card, the invoices, or free credit left on the account. */
function creditMemoUse(memo: CreditMemoRow) {
  if (memo.paymentMethod === "credit_card") return `Refunded to card: ${formatUsd(memo.refunded)}`;
  const parts = [
    toCents(memo.applied) > 0 ? `Applied to invoices: ${formatUsd(memo.applied)}` : "",
    toCents(memo.freeCredit) > 0 ? `Free credit: ${formatUsd(memo.freeCredit)}` : "",
  ];
  return parts.filter(Boolean).join("; ");
}

const creditMemoColumns: StackedColumn<CreditMemoRow>[] = [
  {
    header: "Credit Memo",
    primary: true,
    nowrap: true,
    cell: (memo) => (
      <a
        href={memo.href}
        className="font-mono text-brand-700 underline"
        aria-label={`Download credit memo ${memo.number} (PDF)`}
      >
        {memo.number}
      </a>
    ),
  },
  { header: "Date", nowrap: true, cell: (memo) => formatShortDate(memo.issuedAt) },
  {
    header: "Order",
    // An order number is 21 characters: on a phone it takes the card's width, beside nothing.
    wide: true,
    cell: (memo) => (
      <Link to={`/account/orders/${memo.orderNumber}`} className="font-mono break-all text-brand-700 underline">
        {memo.orderNumber}
      </Link>
    ),
  },
  { header: "RMA", nowrap: true, cell: (memo) => <span className="font-mono">{memo.rmaNumber}</span> },
  { header: "Amount", nowrap: true, cell: (memo) => <Price amount={`-${memo.amount}`} /> },
  { header: "Credit", wide: true, cell: creditMemoUse },
];

const invoiceColumns: StackedColumn<OpenInvoice>[] = [
  {
    header: "Invoice",
    primary: true,
    nowrap: true,
    cell: (invoice) => (
      <a
        href={invoice.href}
        className="font-mono text-brand-700 underline"
        aria-label={`Download invoice ${invoice.invoiceNumber} (PDF)`}
      >
        {invoice.invoiceNumber}
      </a>
    ),
  },
  {
    header: "Order",
    wide: true,
    nowrap: true,
    cell: (invoice) => <span className="font-mono">{invoice.orderNumber}</span>,
  },
  { header: "Invoice Date", nowrap: true, cell: (invoice) => formatShortDate(invoice.orderDate) },
  { header: "Due Date", nowrap: true, cell: (invoice) => formatShortDate(invoice.dueDate) },
  {
    header: "Status",
    nowrap: true,
    cell: (invoice) =>
      invoice.daysPastDue > 0 ? (
        <span className="font-semibold text-red-800">{dueStatus(invoice.daysPastDue)}</span>
      ) : (
        dueStatus(invoice.daysPastDue)
      ),
  },
  { header: "Amount", nowrap: true, cell: (invoice) => <Price amount={invoice.total} /> },
  { header: "Balance", nowrap: true, cell: (invoice) => <Price amount={invoice.balance} /> },
];

/** What the buyer has ticked and typed, per invoice number. */
type Choices = Record<string, { pay: boolean; amount: string }>;

/** The "Pay" column: tick the invoice, and pay its balance or the part typed. */
function payColumn(choices: Choices, choose: (invoiceNumber: string, change: Partial<Choices[string]>) => void) {
  return {
    header: "Pay",
    wide: true,
    cell: (invoice: OpenInvoice) => {
      const number = invoice.invoiceNumber;
      const choice = choices[number] ?? { pay: false, amount: invoice.balance };
      return (
        <div className="flex flex-wrap items-end gap-x-3 gap-y-1 lg:flex-col lg:items-start">
          <div className="flex items-center gap-2">
            <input
              id={`pay-${number}`}
              type="checkbox"
              name="invoice"
              value={number}
              checked={choice.pay}
              onChange={(event) => choose(number, { pay: event.target.checked })}
              className="size-4 accent-brand-800"
            />
            <label htmlFor={`pay-${number}`} className="text-sm text-slate-900">
              Pay<span className="sr-only"> invoice {number}</span>
            </label>
          </div>
          {/* Its label above it in the wide table, where the column is narrow. */}
          <div className="flex items-center gap-2 lg:flex-col lg:items-start lg:gap-0.5">
            <label htmlFor={`amount-${number}`} className="text-sm text-slate-900">
              Amount<span className="sr-only"> to pay on {number}</span>
            </label>
            <Input
              id={`amount-${number}`}
              name={amountField(number)}
              inputMode="decimal"
              autoComplete="off"
              className="h-8 w-24"
              disabled={!choice.pay}
              value={choice.amount}
              onChange={(event) => choose(number, { amount: event.target.value })}
            />
          </div>
        </div>
      );
    },
  } satisfies StackedColumn<OpenInvoice>;
}

export default function CreditCenterPage({ loaderData: credit, actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  useToast(result?.toast);
  return (
    // Wide enough for the invoices' "Pay" column beside their figures.
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <Breadcrumb crumbs={[{ label: "My Account", to: "/account" }, { label: "Credit Center" }]} />
      <div>
        <h1 className="text-3xl font-bold text-slate-950">Credit Center</h1>
        <p className="mt-1 text-slate-700">Your payment terms, open invoices and statements</p>
      </div>

      {credit.hold && (
        <section
          aria-labelledby="hold-heading"
          className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-slate-900"
        >
          <h2 id="hold-heading" className="font-semibold text-red-900">
            Terms orders are on hold
          </h2>
          <p className="mt-1">{credit.hold}</p>
        </section>
      )}

      <Card>
        <CardHeader>
          <CardTitle>Payment Terms</CardTitle>
        </CardHeader>
        <CardContent>
          {credit.approved ? (
            <dl className="grid gap-4 sm:grid-cols-4">
              <Figure term="Terms" value={termsName(credit.termsDays)} />
              <Figure term="Credit Limit" value={<Price amount={credit.creditLimit} />} />
              <Figure term="Used Credit" value={<Price amount={credit.used} />} />
              <Figure term="Available Credit" value={<Price amount={credit.available} />} />
            </dl>
          ) : (
            <p className="text-slate-800">
              Your account pays by card.
              {credit.used !== "0.00" && (
                <>
                  {" "}
                  Open invoices: <Price amount={credit.used} />.
                </>
              )}{" "}
              Net 30, 60 and 90 terms are available to qualified businesses: write to{" "}
              <a href={`mailto:${credit.storeEmail}`} className="text-brand-700 underline">
                {credit.storeEmail}
              </a>
              .
            </p>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle id="aging-heading">Aging</CardTitle>
        </CardHeader>
        <CardContent>
          <dl aria-labelledby="aging-heading" className="grid gap-4 sm:grid-cols-5">
            {agingBuckets.map((bucket) => (
              <Figure key={bucket} term={agingBucketLabels[bucket]} value={<Price amount={credit.aging[bucket]} />} />
            ))}
          </dl>
        </CardContent>
      </Card>

      {result?.receipt && <PaymentReceipt receipt={result.receipt} />}

      <OpenInvoices credit={credit} result={result} />

      {credit.creditMemos.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle id="credit-memos">Credit Memos</CardTitle>
          </CardHeader>
          <CardContent className="p-0">
            <StackedTable
              labelledBy="credit-memos"
              rows={credit.creditMemos}
              rowKey={(memo) => memo.number}
              columns={creditMemoColumns}
            />
          </CardContent>
        </Card>
      )}

      <Card>
        <CardHeader>
          <CardTitle>Statement</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-slate-700">
            Invoices and payments between two days, with the opening and closing balance and the invoices then open.
          </p>
          {/* A plain form: the browser downloads the file itself. */}
          <form method="get" action="/account/credit/statement.pdf" className="mt-4 flex flex-wrap items-end gap-4">
            <div className="space-y-1">
              <Label htmlFor="statement-from">From</Label>
              <Input id="statement-from" name="from" type="date" required defaultValue={credit.statement.from} />
            </div>
            <div className="space-y-1">
              <Label htmlFor="statement-to">To</Label>
              <Input id="statement-to" name="to" type="date" required defaultValue={credit.statement.to} />
            </div>
            <Button type="submit">Download PDF</Button>
            <Button type="submit" variant="outline" formAction="/account/credit/statement.csv">
              Download CSV
            </Button>
          </form>
        </CardContent>
      </Card>

      <p>
        <Link to="/account" className="text-brand-700 underline">
          Back to My Account
        </Link>
      </p>
    </div>
  );
}

function Figure({ term, value }: { term: string; value: React.ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-medium text-slate-600">{term}</dt>
      <dd className="mt-1 text-xl font-semibold text-slate-950">{value}</dd>
    </div>
  );
}

/** The open invoices; for a member who may pay them, each with its "Pay" choice and the card panel. */
function OpenInvoices({
  credit,
  result,
}: {
  credit: Route.ComponentProps["loaderData"];
  result: ActionResult | undefined;
}) {
  const [choices, setChoices] = useState<Choices>({});
  const [payment, setPayment] = useState<StartedPayment | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  useEffect(() => {
    setPayment(result?.payment);
    setProblem(result?.message);
    // A payment recorded: the invoices are read again, so the choices start over.
    if (result?.receipt) setChoices({});
  }, [result]);
  const navigation = useNavigation();
  const starting = navigation.state !== "idle" && navigation.formData?.get("intent") === "pay";
  const choose = (invoiceNumber: string, change: Partial<Choices[string]>) => {
    const balance = credit.open.find((invoice) => invoice.invoiceNumber === invoiceNumber)?.balance ?? "";
    setChoices((all) => ({
      ...all,
      [invoiceNumber]: { pay: false, amount: balance, ...all[invoiceNumber], ...change },
    }));
  };
  const chosen: ChosenAmount[] = Object.entries(choices)
    .filter(([, choice]) => choice.pay)
    .map(([invoiceNumber, choice]) => ({ invoiceNumber, amount: choice.amount }));
  const totalCents = chosen.reduce((sum, line) => sum + Math.max(0, amountCents(line.amount) ?? 0), 0);
  // The same checks the server makes, so a mistake is told before the card is asked for.
  const standing = new Map<string, InvoiceStanding>(
    credit.open.map((invoice) => [invoice.invoiceNumber, { state: "open", balanceCents: toCents(invoice.balance) }]),
  );
  const columns = credit.canPay ? [...invoiceColumns, payColumn(choices, choose)] : invoiceColumns;

  return (
    <Card>
      <CardHeader>
        <CardTitle id="open-invoices">Open Invoices</CardTitle>
      </CardHeader>
      <CardContent className="p-0">
        {credit.open.length === 0 ? (
          <p className="px-6 py-8 text-center text-slate-700">No open invoices.</p>
        ) : (
          <Form
            method="post"
            onSubmit={(event) => {
              const check = checkAllocations(chosen, standing);
              setProblem(check.refusal);
              if (check.refusal !== undefined) event.preventDefault();
            }}
          >
            <input type="hidden" name="intent" value="pay" />
            <fieldset disabled={payment !== undefined}>
              <legend className="sr-only">Invoices to pay</legend>
              <StackedTable
                labelledBy="open-invoices"
                rows={credit.open}
                rowKey={(invoice) => invoice.invoiceNumber}
                columns={columns}
              />
            </fieldset>
            {credit.canPay ? (
              <div className="space-y-3 border-t border-slate-200 px-6 py-4">
                <p className="text-sm text-slate-700">
                  Tick the invoices to pay by card. Each is paid in full unless you enter a smaller amount.
                </p>
                {problem && (
                  <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
                    {problem}
                  </p>
                )}
                {!payment && (
                  <SubmitButton busy={starting} className="sm:w-auto">
                    {starting
                      ? "Starting Payment..."
                      : totalCents > 0
                        ? `Pay ${formatUsd(fromCents(totalCents))} by Card`
                        : "Pay by Card"}
                  </SubmitButton>
                )}
              </div>
            ) : (
              <p className="border-t border-slate-200 px-6 py-4 text-sm text-slate-700">{refusals.payInvoices}</p>
            )}
          </Form>
        )}
        {payment && (
          <div className="px-6 pb-6">
            <CardPaymentPanel
              payment={payment}
              provider={credit.payments}
              email={credit.email}
              completeAction="/account/credit"
              cancelLabel="Change Amounts"
              onCancel={() => setPayment(undefined)}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** The receipt of the payment just made: what each invoice got and what the account still owes. */
function PaymentReceipt({ receipt }: { receipt: InvoicePaymentReceipt }) {
  return (
    <section
      role="status"
      aria-labelledby="receipt-heading"
      className="rounded-md border border-green-300 bg-green-50 px-4 py-3 text-sm text-slate-900"
    >
      <h2 id="receipt-heading" className="text-base font-semibold text-green-900">
        Payment Received
      </h2>
      <p className="mt-1">
        Thank you: we received your card payment of {formatUsd(receipt.amount)}. A receipt is on its way by e-mail.
        Payment reference: <span className="font-mono">{receipt.reference}</span>
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {receipt.lines.map((line) => (
          <li key={line.invoiceNumber}>{receiptLine(line)}</li>
        ))}
      </ul>
      <p className="mt-2 font-semibold">Remaining balance on your account: {formatUsd(receipt.remainingBalance)}</p>
    </section>
  );
}
