import { Link } from "react-router";
import { formatUsd } from "../../../domain/money/format";
import { termsOptionLabel } from "../../../domain/terms/terms";
import { PaymentOption } from "./payment-option";

export interface CheckoutTerms {
  termsDays: number;
  creditLimit: string;
  available: string;
  /** Why terms orders are on hold (an invoice long past due), or null. */
  hold: string | null;
}

/**
 * The account's terms at checkout: 'Net 60 Terms (Pay within 60 days)' with its 'Approved' badge,
 * the credit limit and what is left of it once chosen; while on hold, the option is off and says why.
 */
export function TermsPaymentOption({
  terms,
  input,
  selected,
}: {
  terms: CheckoutTerms;
  input: React.ComponentProps<"input">;
  selected: boolean;
}) {
  const holdId = "terms-hold";
  return (
    <>
      <PaymentOption
        {...input}
        label={termsOptionLabel(terms.termsDays)}
        badge={terms.hold ? "On hold" : "Approved"}
        disabled={terms.hold !== null}
        aria-describedby={terms.hold ? holdId : undefined}
      />
      {terms.hold && (
        <p id={holdId} className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-slate-900">
          {terms.hold}{" "}
          <Link to="/account/credit" className="font-medium text-brand-700 underline">
            See your invoices
          </Link>
        </p>
      )}
      {selected && !terms.hold && Number(terms.creditLimit) > 0 && (
        // The specification's line on its own, so it reads exactly 'Credit Limit: $…'; the credit still
        // open beside it.
        <div className="text-sm text-slate-800">
          <p>Credit Limit: {formatUsd(terms.creditLimit)}</p>
          <p>Available Credit: {formatUsd(terms.available)}</p>
        </div>
      )}
    </>
  );
}
