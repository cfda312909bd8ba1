import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * The head of a page about one customer company (its contract prices, catalogue, PunchOut): the way
 * back to the customer accounts, the page's title, and the company by name and account number
 * followed by what the page is for.
 */
export function CompanyPageHeading({
  title,
  company,
  children,
}: {
  title: string;
  company: { name: string | null; accountNumber: string };
  children: ReactNode;
}) {
  return (
    <>
      <p className="text-sm">
        <Link to="/admin" className="text-brand-700 underline">
          Customer accounts
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-slate-950">{title}</h1>
      <p className="mt-1 text-slate-700">
        {company.name ?? "Company"} · <span className="font-mono">{company.accountNumber}</span>. {children}
      </p>
    </>
  );
}
