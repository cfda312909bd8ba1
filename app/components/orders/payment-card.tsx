import { formatLongDate } from "../../../domain/dates/dates";
import { formatUsd } from "../../../domain/money/format";
import { termsName } from "../../../domain/terms/terms";
import { Card, CardContent } from "../ui/card";

export interface PaymentFacts {
  method: "credit_card" | "on_terms";
  /** The terms' length of a terms order (Net 30, 60 or 90). */
  termsDays: number | null;
  /** The order's invoice (terms) or paid receipt (card), to download. */
  document: { href: string; name: string };
  status: string;
  paidAt: string | null;
  dueDate: string | null;
  refunded: boolean;
  /** What cancelled items took off the order, and what of it went back to the card; null for none. */
  cancelled?: string | null;
  refundedAmount?: string | null;
}

/** How the order is paid and where that stands: paid, due (Net 30) or refunded. */
export function paymentState({ method, paidAt, dueDate, refunded }: PaymentFacts): string {
  if (refunded) return "Refunded";
  if (paidAt) return `Paid ${formatLongDate(paidAt)}`;
  if (method === "on_terms") return dueDate ? `Due ${formatLongDate(dueDate)}` : "Unpaid";
  return "Unpaid";
}

export function PaymentCard(payment: PaymentFacts) {
  return (
    <Card>
      <CardContent className="py-5 text-sm">
        <h2 className="text-xl font-semibold text-slate-950">Payment</h2>
        <dl className="mt-2 space-y-1">
          <div>
            <dt className="text-slate-600">Method</dt>
            <dd className="font-semibold text-slate-950">
              {payment.method === "on_terms" ? `${termsName(payment.termsDays ?? 30)} Terms` : "Credit Card"}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Status</dt>
            <dd className="font-semibold text-slate-950">{paymentState(payment)}</dd>
          </div>
          {payment.cancelled && (
            <div>
              <dt className="text-slate-600">Cancelled items</dt>
              <dd className="font-semibold text-slate-950">
                {payment.refundedAmount
                  ? `${formatUsd(payment.refundedAmount)} refunded to your card`
                  : `${formatUsd(payment.cancelled)} taken off the invoice`}
              </dd>
            </div>
          )}
        </dl>
        <a href={payment.document.href} download className="mt-3 inline-block font-medium text-brand-700 underline">
          Download {payment.document.name} (PDF)
        </a>
      </CardContent>
    </Card>
  );
}
