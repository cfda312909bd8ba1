import { formatUsd } from "../../../domain/money/format";
import { termsName } from "../../../domain/terms/terms";
import { formatNumber } from "../../../domain/text/numbers";
import type { ClosingAccount as ClosingAccountFacts } from "../../../server/companies/joining";

const counted = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/**
 * What becomes of each part of the account a customer closes by joining a company, said before they
 * confirm (docs/decisions/joining-a-company.md).
 */
export function ClosingAccount({
  leaving,
  companyName,
  role,
}: {
  leaving: ClosingAccountFacts;
  companyName: string;
  role: string;
}) {
  const { accountNumber, orders, lists, addresses, certificates, apiKeys, terms } = leaving;
  return (
    <section aria-labelledby="closing-account" className="space-y-3">
      <h2 id="closing-account" className="text-lg font-semibold text-slate-950">
        Joining closes your account {accountNumber}
      </h2>
      <p>
        A person belongs to one company at a time, and you are the only person on account {accountNumber}. When you
        join, it is closed and you buy for {companyName} instead.
      </p>
      <ul className="list-disc space-y-1 pl-5">
        <li>
          {orders > 0
            ? `Your ${counted(orders, "order", "orders")}, with their invoices and receipts, stay yours: you still see them under My Account, and ${companyName}'s members do not.`
            : "You have placed no orders on it."}
        </li>
        <li>Your cart stays as it is, priced for {companyName}.</li>
        {lists > 0 && (
          <li>
            {leaving.listsMove
              ? `Your ${counted(lists, "saved list moves", "saved lists move")} to ${companyName}, where its members see ${lists === 1 ? "it" : "them"} too.`
              : `Your ${counted(lists, "saved list stays", "saved lists stay")} with the closed account: as ${role} you cannot keep lists at ${companyName}.`}
          </li>
        )}
        {addresses > 0 && (
          <li>
            {leaving.addressesMove
              ? `Your address book's ${counted(addresses, "address moves", "addresses move")} into ${companyName}'s.`
              : `Your address book's ${counted(addresses, "address stays", "addresses stay")} with the closed account; ${companyName}'s address book is kept by its admin.`}{" "}
            Your own shipping and billing address stay on your profile.
          </li>
        )}
        {terms && (
          <li>
            Your {termsName(terms.termsDays)} terms and {formatUsd(terms.creditLimit)} credit limit end; you buy on{" "}
            {companyName}'s terms.
          </li>
        )}
        {certificates > 0 && (
          <li>
            Your {counted(certificates, "tax-exempt certificate stays", "tax-exempt certificates stay")} with the closed
            account; {companyName}'s own certificates apply to its orders.
          </li>
        )}
        {apiKeys > 0 && <li>Your {counted(apiKeys, "API key stops", "API keys stop")} working.</li>}
        <li>Your sign-in, profile, reviews and back-in-stock requests stay as they are.</li>
      </ul>
    </section>
  );
}
