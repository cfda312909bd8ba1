import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useFetcher, useNavigation, useSubmit } from "react-router";
import { takeAttempt } from "../../server/accounts/rate-limit";
import { getUser, requireAdmin } from "../../server/accounts/session";
import { signInWithPassword } from "../../server/accounts/sign-in";
import { approveNet30, customerStats, revokeNet30, searchCustomers } from "../../server/admin/customers";
import { createPromoCode, listPromoCodes, setPromoCodeActive, updatePromoCode } from "../../server/admin/promos";
import { StoreError } from "../../server/errors";
import { dataWithToast, redirectWithToast } from "../../server/toast";
import { AdminNav, Pagination } from "../components/admin/admin-shell";
import { PromoCodes } from "../components/admin/promo-codes";
import { Field } from "../components/form-field";
import { Price } from "../components/price";
import { SubmitButton } from "../components/submit-button";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "../components/ui/dialog";
import { Input } from "../components/ui/input";
import { Label } from "../components/ui/label";
import { TableHead } from "../components/ui/table-head";
import { useZodForm } from "../components/use-zod-form";
import { signInSchema } from "../lib/account-schemas";
import {
  approveNet30Schema,
  customerSearchSchema,
  promoCodeSchema,
  promoEditSchema,
  promoStatusSchema,
  revokeNet30Schema,
} from "../lib/admin-schemas";
import { clientAddressContext } from "../lib/context";
import type { Route } from "./+types/admin";

export function meta() {
  return [{ title: "Admin Dashboard | Cascade Industrial Supply" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  if (!user) return data({ view: "login" as const }, { status: 401 });
  if (!user.isAdmin) return data({ view: "denied" as const }, { status: 403 });
  const url = new URL(request.url);
  const search = customerSearchSchema.parse(Object.fromEntries(url.searchParams));
  const [stats, result, promos] = await Promise.all([customerStats(), searchCustomers(search), listPromoCodes()]);
  return data({ view: "dashboard" as const, stats, ...result, q: search.q, promos });
}

type ActionResult = { ok: boolean; reply?: SubmissionResult<string[]> };

// Toasts travel in the flash cookie: the root layout shows them after the page revalidates,
// even when the row or dialog that asked has been replaced by then.
const failure = (title: string, description: string, status = 400) =>
  dataWithToast<ActionResult>({ ok: false }, { type: "error", title, description }, status);
const success = (title: string) => dataWithToast<ActionResult>({ ok: true }, { type: "success", title });

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "login") {
    return logIn(request, formData, context.get(clientAddressContext)).catch((error: unknown) => {
      const reason = error instanceof StoreError ? error.message : "Please try again in a moment.";
      return failure(`An error occurred: ${reason}`, "", 500);
    });
  }

  const admin = await requireAdmin(request);
  if (intent === "approve") {
    const submission = parseWithZod(formData, { schema: approveNet30Schema });
    if (submission.status !== "success") {
      return failure("Failed to approve Net 30 terms", Object.values(submission.error ?? {}).flat()[0] ?? "");
    }
    try {
      await approveNet30(admin.id, submission.value.profileId, submission.value.creditLimit);
    } catch (error) {
      if (error instanceof StoreError) return failure("Failed to approve Net 30 terms", error.message, error.status);
      throw error;
    }
    return success("Net 30 terms approved successfully");
  }
  if (intent === "revoke") {
    const submission = parseWithZod(formData, { schema: revokeNet30Schema });
    if (submission.status !== "success")
      return failure("Failed to revoke Net 30 terms", "That customer does not exist.");
    try {
      await revokeNet30(admin.id, submission.value.profileId);
    } catch (error) {
      if (error instanceof StoreError) return failure("Failed to revoke Net 30 terms", error.message, error.status);
      throw error;
    }
    return success("Net 30 terms revoked successfully");
  }
  if (intent === "create-promo") {
    const submission = parseWithZod(formData, { schema: promoCodeSchema });
    if (submission.status !== "success") return data<ActionResult>({ ok: false, reply: submission.reply() }, 400);
    try {
      const promo = await createPromoCode(admin.id, submission.value);
      return success(`Promo code ${promo.code} created`);
    } catch (error) {
      if (error instanceof StoreError) return failure("Failed to create promo code", error.message, error.status);
      throw error;
    }
  }
  if (intent === "edit-promo") {
    const submission = parseWithZod(formData, { schema: promoEditSchema });
    if (submission.status !== "success") return data<ActionResult>({ ok: false, reply: submission.reply() }, 400);
    try {
      const { promoId, ...terms } = submission.value;
      const promo = await updatePromoCode(admin.id, promoId, terms);
      return success(`Promo code ${promo?.code} saved`);
    } catch (error) {
      if (error instanceof StoreError) return failure("Failed to update promo code", error.message, error.status);
      throw error;
    }
  }
  if (intent === "promo-status") {
    const parsed = promoStatusSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) return failure("Failed to update promo code", "That promo code does not exist.");
    try {
      await setPromoCodeActive(admin.id, parsed.data.promoId, parsed.data.active === "true");
    } catch (error) {
      if (error instanceof StoreError) return failure("Failed to update promo code", error.message, error.status);
      throw error;
    }
    return success(parsed.data.active === "true" ? "Promo code activated" : "Promo code deactivated");
  }
  return failure("Error", "That action is not known.");
}

async function logIn(request: Request, formData: FormData, address: string) {
  const submission = parseWithZod(formData, { schema: signInSchema });
  if (submission.status !== "success") return data<ActionResult>({ ok: false, reply: submission.reply() }, 400);
  const { email, password } = submission.value;
  await takeAttempt("signIn", { email, address });
  const result = await signInWithPassword(request, { email, password });
  if (!result.ok) return failure(`Login failed: ${result.message}`, "");
  return redirectWithToast("/admin", { type: "success", title: "Login successful!" }, result.headers);
}

export default function AdminPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      {loaderData.view === "login" && <AdminLogin lastResult={actionData?.reply} />}
      {loaderData.view === "denied" && (
        <div className="mx-auto max-w-lg py-16 text-center">
          <h1 className="text-3xl font-bold text-slate-950">Access Denied</h1>
          <p className="mt-3 text-slate-700">You don't have admin privileges to access this page.</p>
          <Link to="/" className="mt-6 inline-block font-semibold text-brand-700 underline">
            Return to Home
          </Link>
        </div>
      )}
      {loaderData.view === "dashboard" && <Dashboard {...loaderData} />}
    </div>
  );
}

function AdminLogin({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useZodForm("admin-login", signInSchema, { lastResult });
  return (
    <Card className="mx-auto max-w-md">
      <CardHeader>
        <h1 className="text-2xl font-bold text-slate-950">Admin Login</h1>
      </CardHeader>
      <CardContent className="py-6">
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          <input type="hidden" name="intent" value="login" />
          <Field meta={fields.email} label="Email" type="email" autoComplete="email" />
          <Field meta={fields.password} label="Password" type="password" autoComplete="current-password" />
          <SubmitButton busy={busy}>Sign In</SubmitButton>
        </Form>
      </CardContent>
    </Card>
  );
}

type DashboardData = Extract<Route.ComponentProps["loaderData"], { view: "dashboard" }>;

function Dashboard({ stats, customers, total, page, pageSize, q, promos }: DashboardData) {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pageLink = (n: number) => `?${new URLSearchParams({ ...(q ? { q } : {}), page: String(n) })}`;
  return (
    <>
      <AdminNav />
      <h1 className="text-3xl font-bold text-slate-950">Admin Dashboard</h1>
      <p className="mt-1 text-slate-700">Manage Net 30 payment approvals and customer accounts</p>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat label="Total Customers" value={stats.totalCustomers.toLocaleString("en-US")} />
        <Stat label="Net 30 Approved" value={stats.net30Approved.toLocaleString("en-US")} />
        <Stat label="Total Credit Limit" value={<Price amount={stats.totalCreditLimit} />} />
        <Stat label="Pending Approvals" value={stats.pendingApprovals.toLocaleString("en-US")} />
      </dl>
      <Form method="get" role="search" className="mt-8 max-w-md space-y-1">
        <Label htmlFor="customer-search">Search customers</Label>
        <Input
          id="customer-search"
          type="search"
          name="q"
          defaultValue={q}
          placeholder="Search by name, company, or account number..."
          onChange={(event) => {
            const form = event.currentTarget.form;
            clearTimeout(timer.current);
            timer.current = setTimeout(() => submit(form, { replace: true }), 250);
          }}
        />
      </Form>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle id="customer-accounts">Customer Accounts</CardTitle>
        </CardHeader>
        <CardContent className="overflow-x-auto px-0 py-0">
          {customers.length === 0 ? (
            <p className="px-6 py-8 text-center text-slate-700">No customers found matching your search.</p>
          ) : (
            <table aria-labelledby="customer-accounts" className="w-full min-w-[720px] text-left text-sm">
              <TableHead columns={["Account #", "Customer", "Company", "Net 30 Status", "Credit Limit", "Actions"]} />
              <tbody className="divide-y divide-slate-200">
                {customers.map((customer) => (
                  <CustomerRow key={customer.id} customer={customer} />
                ))}
              </tbody>
            </table>
          )}
        </CardContent>
      </Card>
      <Pagination label="Customer pages" page={page} total={total} pageSize={pageSize} link={pageLink} />
      <PromoCodes promos={promos} />
    </>
  );
}

function Stat({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-2 text-2xl font-bold text-slate-950">{value}</dd>
    </div>
  );
}

function CustomerRow({ customer }: { customer: DashboardData["customers"][number] }) {
  const fetcher = useFetcher<ActionResult>();
  const name = [customer.firstName, customer.lastName].filter(Boolean).join(" ") || customer.email;
  return (
    <tr>
      <td className="px-6 py-3 font-mono">{customer.accountNumber ?? "Not assigned"}</td>
      <td className="px-6 py-3">
        <div className="font-medium text-slate-950">{name}</div>
        {customer.phone && <div className="text-slate-700">{customer.phone}</div>}
      </td>
      <td className="px-6 py-3">{customer.companyName ?? ""}</td>
      <td className="px-6 py-3">
        <span
          className={
            customer.net30Approved
              ? "rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-900"
              : "rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-900"
          }
        >
          {customer.net30Approved ? "Approved" : "Not Approved"}
        </span>
      </td>
      <td className="px-6 py-3">
        <Price amount={customer.creditLimit} />
      </td>
      <td className="px-6 py-3">
        {customer.net30Approved ? (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="revoke" />
            <input type="hidden" name="profileId" value={customer.id} />
            <Button
              type="submit"
              variant="outline"
              size="sm"
              disabled={fetcher.state !== "idle"}
              aria-label={`Revoke ${name}`}
            >
              Revoke
            </Button>
          </fetcher.Form>
        ) : (
          <ApproveDialog profileId={customer.id} name={name} />
        )}
      </td>
    </tr>
  );
}

function ApproveDialog({ profileId, name }: { profileId: string; name: string }) {
  const fetcher = useFetcher<ActionResult>();
  const [open, setOpen] = useState(false);
  const [limit, setLimit] = useState("");
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) setOpen(false);
  }, [fetcher.state, fetcher.data]);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button size="sm" onClick={() => setOpen(true)} aria-label={`Approve Net 30 for ${name}`}>
        Approve Net 30
      </Button>
      <DialogContent>
        <DialogTitle>Approve Net 30 Terms</DialogTitle>
        <DialogDescription>Set the credit limit for {name}.</DialogDescription>
        <fetcher.Form method="post" className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="approve" />
          <input type="hidden" name="profileId" value={profileId} />
          <div className="space-y-1">
            <Label htmlFor={`credit-limit-${profileId}`}>Credit Limit ($)</Label>
            <Input
              id={`credit-limit-${profileId}`}
              name="creditLimit"
              type="number"
              inputMode="decimal"
              min="0.01"
              step="0.01"
              value={limit}
              onChange={(event) => setLimit(event.target.value)}
            />
          </div>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={limit.trim() === "" || fetcher.state !== "idle"}>
              Approve
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
