import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useRef } from "react";
import { data, Form, Link, useSubmit } from "react-router";
import {
  approveTermsSchema,
  customerSearchSchema,
  MAX_ADMIN_QUERY_LENGTH,
  promoCodeSchema,
  promoEditSchema,
  promoStatusSchema,
  revokeTermsSchema,
} from "../../../domain/admin/admin-schemas";
import { poRequiredSchema } from "../../../domain/orders/purchase-order";
import { type TermsDays, termsLengths, termsName } from "../../../domain/terms/terms";
import { formatNumber } from "../../../domain/text/numbers";
import { requireAdmin } from "../../../server/accounts/session";
import { CUSTOMERS_PAGE_SIZE, customerStats, searchCustomers } from "../../../server/admin/customers";
import { setPoRequired } from "../../../server/admin/po-required";
import { createPromoCode, listPromoCodes, setPromoCodeActive, updatePromoCode } from "../../../server/admin/promos";
import type { SignedInUser } from "../../../server/context";
import { dispatchIntent, type FormIntent, formFields, parsedForm } from "../../../server/form-intents";
import { logger } from "../../../server/logger";
import { waitingQuoteCount } from "../../../server/quotes/quoting";
import { approveTerms, revokeTerms } from "../../../server/terms/grants";
import { dataWithToast } from "../../../server/toast";
import { Pagination } from "../../components/admin/admin-shell";
import { CustomerAccounts } from "../../components/admin/customer-accounts";
import { PromoCodes } from "../../components/admin/promo-codes";
import { Price } from "../../components/price";
import { type ToastMessage, useToast } from "../../components/toasts";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import type { Route } from "./+types/dashboard";

export function meta() {
  return [{ title: "Admin Dashboard | Cascade Industrial Supply" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ context });
  const search = customerSearchSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [customers, promos, waitingQuotes] = await Promise.all([
    customersOrNothing(search),
    listPromoCodes(),
    // A figure beside the customers': when it cannot be read, the dashboard shows without it.
    waitingQuoteCount().catch((error: unknown) => {
      logger.error({ err: error }, "the admin dashboard could not count the waiting quotes");
      return null;
    }),
  ]);
  return { ...customers, q: search.q, promos, waitingQuotes };
}

/**
 * The customer figures and the page of accounts; when they cannot be read, the rest of the
 * dashboard still shows, with empty figures and the toast 'Failed to load profiles'.
 */
async function customersOrNothing(search: { q: string; page: number }) {
  try {
    const [stats, result] = await Promise.all([customerStats(), searchCustomers(search)]);
    return { stats, ...result, toast: null };
  } catch (error) {
    logger.error({ err: error }, "the admin dashboard could not read the customer profiles");
    return {
      stats: {
        totalCustomers: 0,
        onTerms: 0,
        onTermsByLength: { 30: 0, 60: 0, 90: 0 },
        totalCreditLimit: "0",
        pendingApprovals: 0,
        members: 0,
      },
      customers: [],
      total: 0,
      page: search.page,
      pageSize: CUSTOMERS_PAGE_SIZE,
      toast: { type: "error", title: "Failed to load profiles" } satisfies ToastMessage,
    };
  }
}

type ActionResult = { ok: boolean; reply?: SubmissionResult<string[]> };

// Toasts travel in the flash cookie: the root layout shows them after the page revalidates,
// even when the row or dialog that asked has been replaced by then.
const succeeded = (title: string) => dataWithToast<ActionResult>({ ok: true }, { type: "success", title });

/** Each of the dashboard's forms, by the intent it sends. */
const intents: Record<string, FormIntent<SignedInUser>> = {
  approve: {
    failure: "Failed to approve Net 30 terms",
    async handle({ id: adminId }, formData) {
      // A limit the schema refuses is shown beside the dialog's field, not as a toast.
      const form = parsedForm(formData, approveTermsSchema);
      if ("refused" in form) return form.refused;
      const { companyId, creditLimit, termsDays } = form.value;
      await approveTerms(adminId, companyId, creditLimit, { termsDays });
      return succeeded(`${termsName(termsDays)} terms approved successfully`);
    },
  },
  revoke: {
    failure: "Failed to revoke Net 30 terms",
    async handle({ id: adminId }, formData) {
      const { companyId } = formFields(formData, revokeTermsSchema, "That customer does not exist.");
      const { before } = await revokeTerms(adminId, companyId);
      return succeeded(`${termsName(before.termsDays)} terms revoked successfully`);
    },
  },
  "po-required": {
    failure: "Failed to change PO required",
    async handle({ id: adminId }, formData) {
      const { companyId, required } = formFields(formData, poRequiredSchema, "That customer does not exist.");
      await setPoRequired(adminId, companyId, required === "true");
      return succeeded(required === "true" ? "PO number now required" : "PO number now optional");
    },
  },
  // The promo dialogs show a form that does not parse as field errors, not as a toast.
  "create-promo": {
    failure: "Failed to create promo code",
    async handle({ id: adminId }, formData) {
      const submission = parseWithZod(formData, { schema: promoCodeSchema });
      if (submission.status !== "success") return data<ActionResult>({ ok: false, reply: submission.reply() }, 400);
      const promo = await createPromoCode(adminId, submission.value);
      return succeeded(`Promo code ${promo.code} created`);
    },
  },
  "edit-promo": {
    failure: "Failed to update promo code",
    async handle({ id: adminId }, formData) {
      const submission = parseWithZod(formData, { schema: promoEditSchema });
      if (submission.status !== "success") return data<ActionResult>({ ok: false, reply: submission.reply() }, 400);
      const { promoId, ...terms } = submission.value;
      const promo = await updatePromoCode(adminId, promoId, terms);
      return succeeded(`Promo code ${promo?.code} saved`);
    },
  },
  "promo-status": {
    failure: "Failed to update promo code",
    async handle({ id: adminId }, formData) {
      const { promoId, active } = formFields(formData, promoStatusSchema, "That promo code does not exist.");
      await setPromoCodeActive(adminId, promoId, active === "true");
      return succeeded(active === "true" ? "Promo code activated" : "Promo code deactivated");
    },
  },
};

export function action(args: Route.ActionArgs) {
  return dispatchIntent(args, intents, { as: "admin" });
}

export default function AdminDashboardPage({ loaderData }: Route.ComponentProps) {
  const { stats, customers, total, page, pageSize, q, promos, toast, waitingQuotes } = loaderData;
  useToast(toast);
  const pageLink = (n: number) => `?${new URLSearchParams({ ...(q ? { q } : {}), page: String(n) })}`;
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-950">Admin Dashboard</h1>
      <p className="mt-1 text-slate-700">Manage Net 30 payment approvals and customer accounts</p>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat
          label="Total Customers"
          value={formatNumber(stats.totalCustomers)}
          note={`Accounts, with ${counted(stats.members, "person", "people")} buying on them`}
        />
        <Stat
          label="Net 30 Approved"
          value={formatNumber(stats.onTerms)}
          note={termsBreakdown(stats.onTermsByLength)}
        />
        <Stat label="Total Credit Limit" value={<Price amount={stats.totalCreditLimit} />} />
        <Stat label="Pending Approvals" value={formatNumber(stats.pendingApprovals)} note="Accounts not on terms" />
      </dl>
      {waitingQuotes !== null && (
        <p className="mt-4 text-slate-700">
          {waitingQuotes === 0
            ? "No requests for quote are waiting for prices."
            : `${formatNumber(waitingQuotes)} ${waitingQuotes === 1 ? "request for quote is" : "requests for quote are"} waiting for prices.`}{" "}
          <Link to="/admin/quotes" className="text-brand-700 underline">
            Open the quote queue
          </Link>
        </p>
      )}
      <CustomerSearch q={q} />
      <CustomerAccounts customers={customers} />
      <Pagination label="Customer pages" page={page} total={total} pageSize={pageSize} link={pageLink} />
      <PromoCodes promos={promos} />
    </>
  );
}

const counted = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** The accounts on terms by their length, when any is on Net 60 or 90: "Net 30: 2 · Net 60: 1". */
function termsBreakdown(byLength: Record<TermsDays, number>): string | undefined {
  if (byLength[60] === 0 && byLength[90] === 0) return undefined;
  return termsLengths
    .filter((days) => byLength[days] > 0)
    .map((days) => `${termsName(days)}: ${formatNumber(byLength[days])}`)
    .join(" · ");
}

function Stat({ label, value, note }: { label: string; value: React.ReactNode; note?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-2 text-2xl font-bold text-slate-950">{value}</dd>
      {note && <dd className="mt-1 text-sm text-slate-700">{note}</dd>}
    </div>
  );
}

/** Searches as the admin types, a quarter second after the last key. */
function CustomerSearch({ q }: { q: string }) {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  return (
    <Form method="get" role="search" className="mt-8 max-w-md space-y-1">
      <Label htmlFor="customer-search">Search customers</Label>
      <Input
        id="customer-search"
        type="search"
        name="q"
        maxLength={MAX_ADMIN_QUERY_LENGTH}
        defaultValue={q}
        placeholder="Search by name, company, or account number..."
        onChange={(event) => {
          const form = event.currentTarget.form;
          clearTimeout(timer.current);
          timer.current = setTimeout(() => submit(form, { replace: true }), 250);
        }}
      />
    </Form>
  );
}
