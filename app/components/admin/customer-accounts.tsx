import { Link } from "react-router";
import { termsName } from "../../../domain/terms/terms";
import { Price } from "../price";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";
import { TableHead } from "../ui/table-head";
import { PoRequiredSwitch } from "./po-required-switch";
import { ApproveTermsDialog, RevokeTermsDialog } from "./terms-dialogs";

export interface CustomerAccount {
  id: string;
  accountNumber: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  companyName: string | null;
  email: string;
  onTerms: boolean;
  creditLimit: string;
  poRequired: boolean;
  termsDays: number;
}

/** The dashboard's customer table: each customer's Net 30 status, approved or revoked in place. */
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
  const name = [customer.firstName, customer.lastName].filter(Boolean).join(" ") || customer.email;
  return (
    <tr>
      <td className="px-6 py-3 font-mono whitespace-nowrap">{customer.accountNumber ?? "Not assigned"}</td>
      <td className="px-6 py-3">
        <div className="font-medium text-slate-950">{name}</div>
        {customer.phone && <div className="text-slate-700">{customer.phone}</div>}
      </td>
      <td className="px-6 py-3">{customer.companyName ?? ""}</td>
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
        {customer.onTerms && <span className="ml-2 text-slate-700">{termsName(customer.termsDays)}</span>}
      </td>
      <td className="px-6 py-3">
        <Price amount={customer.creditLimit} />
      </td>
      <td className="px-6 py-3">
        <PoRequiredSwitch profileId={customer.id} name={name} required={customer.poRequired} />
      </td>
      <td className="px-6 py-3">
        <div className="flex flex-wrap items-center gap-2">
          {customer.onTerms ? (
            <RevokeTermsDialog profileId={customer.id} name={name} creditLimit={customer.creditLimit} />
          ) : (
            <ApproveTermsDialog profileId={customer.id} name={name} />
          )}
          {customer.accountNumber && (
            <Link
              to={`/admin/companies/${customer.accountNumber}/prices`}
              className="text-sm font-semibold text-brand-700 underline"
              aria-label={`Contract prices for ${customer.companyName ?? name}`}
            >
              Contract prices
            </Link>
          )}
        </div>
      </td>
    </tr>
  );
}
