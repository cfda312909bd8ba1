import { Link } from "react-router";
import { type CompanyRole, isIndividualAccount, roleNames } from "../../../domain/companies/companies";
import { termsName } from "../../../domain/terms/terms";
import { formatNumber } from "../../../domain/text/numbers";
import { Price } from "../price";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";
import { TableHead } from "../ui/table-head";
import { PoRequiredSwitch } from "./po-required-switch";
import { ApproveTermsDialog, RevokeTermsDialog } from "./terms-dialogs";

export interface CustomerMember {
  userId: string;
  name: string;
  phone: string | null;
  role: CompanyRole;
}

/** A customer account: a company (or a person buying alone), with the people buying on it. */
export interface CustomerAccount {
  id: string;
  accountNumber: string;
  companyName: string | null;
  onTerms: boolean;
  creditLimit: string;
  poRequired: boolean;
  termsDays: number;
  members: CustomerMember[];
  memberCount: number;
}

/** How the dashboard names an account: the company, else the one person on it, else its number. */
export function accountName({ companyName, members, memberCount, accountNumber }: CustomerAccount): string {
  if (companyName) return companyName;
  const [only] = members;
  return memberCount === 1 && only ? only.name : `Account ${accountNumber}`;
}

/**
 * The dashboard's customer table: one row per account, its members beneath its name, and its
 * terms, limit and PO rule approved, revoked or switched once for the whole account.
 */
export function CustomerAccounts({ customers }: { customers: CustomerAccount[] }) {
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle id="customer-accounts">Customer Accounts</CardTitle>
      </CardHeader>
      <CardContent className="relative overflow-x-auto px-0 py-0">
        {customers.length === 0 ? (
          <p className="px-6 py-8 text-center text-slate-700">No customers found matching your search.</p>
        ) : (
          <table aria-labelledby="customer-accounts" className="w-full min-w-[720px] text-left text-sm">
            <TableHead
              columns={["Account #", "Customer", "Company", "Net 30 Status", "Credit Limit", "PO Required", "Actions"]}
            />
            <tbody className="divide-y divide-slate-200">
              {customers.map((customer) => (
                <CustomerRow key={customer.id} customer={customer} />
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}

function CustomerRow({ customer }: { customer: CustomerAccount }) {
  const name = accountName(customer);
  const individual = isIndividualAccount({ companyName: customer.companyName, members: customer.memberCount });
  const unlisted = customer.memberCount - customer.members.length;
  return (
    <tr className="align-top">
      <td className="px-6 py-3 font-mono whitespace-nowrap">{customer.accountNumber}</td>
      <td className="px-6 py-3">
        <ul className="space-y-2">
          {customer.members.map((member) => (
            <li key={member.userId}>
              <div className="font-medium text-slate-950">{member.name}</div>
              {(!individual || member.phone) && (
                <div className="text-slate-700">
                  {[individual ? null : roleNames[member.role], member.phone].filter(Boolean).join(" · ")}
                </div>
              )}
            </li>
          ))}
        </ul>
        {unlisted > 0 && (
          <p className="mt-2 text-slate-700">
            and {formatNumber(unlisted)} more {unlisted === 1 ? "member" : "members"}
          </p>
        )}
      </td>
      <td className="px-6 py-3">
        {customer.companyName ?? (individual ? <span className="text-slate-700">Individual</span> : "")}
        {customer.memberCount > 1 && (
          <div className="whitespace-nowrap text-slate-700">{formatNumber(customer.memberCount)} members</div>
        )}
      </td>
      <td className="px-6 py-3">
        <span
          className={
            customer.onTerms
              ? "whitespace-nowrap rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-900"
              : "whitespace-nowrap rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-900"
          }
        >
          {customer.onTerms ? "Approved" : "Not Approved"}
        </span>
        {customer.onTerms && (
          <span className="ml-2 whitespace-nowrap text-slate-700">{termsName(customer.termsDays)}</span>
        )}
      </td>
      <td className="px-6 py-3">
        <Price amount={customer.creditLimit} />
      </td>
      <td className="px-6 py-3">
        <PoRequiredSwitch companyId={customer.id} name={name} required={customer.poRequired} />
      </td>
      <td className="px-6 py-3">
        <div className="flex flex-wrap items-center gap-2">
          {customer.onTerms ? (
            <RevokeTermsDialog
              companyId={customer.id}
              name={name}
              creditLimit={customer.creditLimit}
              termsDays={customer.termsDays}
            />
          ) : (
            <ApproveTermsDialog companyId={customer.id} name={name} members={customer.memberCount} />
          )}
          <Link
            to={`/admin/companies/${customer.accountNumber}/prices`}
            className="text-sm font-semibold text-brand-700 underline"
            aria-label={`Contract prices for ${name}`}
          >
            Contract prices
          </Link>
          <Link
            to={`/admin/companies/${customer.accountNumber}/catalogue`}
            className="text-sm font-semibold text-brand-700 underline"
            aria-label={`Catalogue for ${name}`}
          >
            Catalogue
          </Link>
          <Link
            to={`/admin/companies/${customer.accountNumber}/punchout`}
            className="text-sm font-semibold text-brand-700 underline"
            aria-label={`PunchOut connections for ${name}`}
          >
            PunchOut
          </Link>
        </div>
      </td>
    </tr>
  );
}
