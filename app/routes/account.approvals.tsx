import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { quantityWithUnit } from "../../domain/catalog/sale-units";
import { can } from "../../domain/companies/companies";
import { formatShortDate } from "../../domain/dates/dates";
import {
  approvalStatusLabels,
  decideSchema,
  formatDecidedAt,
  rejectSchema,
  waitingFor,
  withdrawSchema,
} from "../../domain/orders/approvals";
import { getProfile } from "../../server/accounts/account-overview";
import { requireBuyer, requireUser } from "../../server/accounts/session";
import {
  approvalQueue,
  approveSubmission,
  mySubmissions,
  rejectSubmission,
  withdrawSubmission,
} from "../../server/approvals/approvals";
import { dispatchIntent, type FormIntent, parsedForm, succeeded } from "../../server/form-intents";
import { Breadcrumb } from "../components/breadcrumb";
import { TextareaField } from "../components/form-field";
import { PackLine, PerUnit } from "../components/orders/pack-line";
import { Price } from "../components/price";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card";
import { Dialog, DialogCancel, DialogContent, DialogDescription, DialogTitle } from "../components/ui/dialog";
import { useZodForm } from "../components/use-zod-form";
import type { Route } from "./+types/account.approvals";

export function meta() {
  return [{ title: "Approvals | Cascade Industrial Supply" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** Approvers and company admins see their company's queue; everyone who orders sees their own submissions. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const _user = requireUser({ request, context });
  const buyer = requireBuyer({ request, context });
  const profile = await getProfile(buyer);
  const role = profile?.companyRole ?? null;
  const now = new Date();
  const [queue, mine] = await Promise.all([
    role && can(role, "approveOrders") ? approvalQueue(buyer) : null,
    mySubmissions(buyer),
  ]);
  // Ages are worded here, so the page the server renders and the one that hydrates agree.
  const aged = <Row extends { createdAt: Date }>(rows: Row[]) =>
    rows.map((row) => ({ ...row, waiting: waitingFor(row.createdAt, now) }));
  return {
    queue: queue && { pending: aged(queue.pending), decided: queue.decided },
    mine: aged(mine),
  };
}

type ActionResult = { ok: boolean; reply?: SubmissionResult<string[]> };

const intents: Record<string, FormIntent> = {
  approve: {
    failure: "Failed to approve the order",
    async handle(buyer, formData) {
      const form = parsedForm(formData, decideSchema);
      if ("refused" in form) return form.refused;
      const { orderNumber } = await approveSubmission(buyer, form.value.submissionId);
      return succeeded(`Order approved and placed: ${orderNumber}`);
    },
  },
  reject: {
    failure: "Failed to reject the order",
    async handle(buyer, formData) {
      const form = parsedForm(formData, rejectSchema);
      if ("refused" in form) return form.refused;
      const { buyerEmail } = await rejectSubmission(buyer, form.value);
      return succeeded("Order rejected", `${buyerEmail} has been told, with your note.`);
    },
  },
  withdraw: {
    failure: "Failed to withdraw the order",
    async handle(buyer, formData) {
      const form = parsedForm(formData, withdrawSchema);
      if ("refused" in form) return form.refused;
      await withdrawSubmission(buyer, form.value.submissionId);
      return succeeded("Submission withdrawn");
    },
  },
};

export function action(args: Route.ActionArgs) {
  return dispatchIntent(args, intents);
}

type LoaderData = Route.ComponentProps["loaderData"];
type Pending = NonNullable<LoaderData["queue"]>["pending"][number];
type Decided = NonNullable<LoaderData["queue"]>["decided"][number];
type Mine = LoaderData["mine"][number];

export default function ApprovalsPage({ loaderData }: Route.ComponentProps) {
  const { queue, mine } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <Breadcrumb crumbs={[{ label: "My Account", to: "/account" }, { label: "Approvals" }]} />
      <h1 className="mt-2 text-3xl font-bold text-slate-950">Approvals</h1>
      <p className="mt-1 text-slate-700">
        Orders above a buyer's spend limit wait here for an approver. Once approved, an order is placed on the company's
        terms, with prices and stock checked again.
      </p>

      {queue && (
        <Card className="mt-6">
          <CardHeader>
            <CardTitle>Waiting for Approval</CardTitle>
          </CardHeader>
          <CardContent>
            {queue.pending.length === 0 ? (
              <p className="text-slate-700">No orders are waiting for approval.</p>
            ) : (
              <ul className="divide-y divide-slate-200">
                {queue.pending.map((submission) => (
                  <PendingRow key={submission.id} submission={submission} />
                ))}
              </ul>
            )}
            {queue.decided.length > 0 && (
              <>
                <h2 className="mt-6 text-lg font-semibold text-slate-950">Recently Decided</h2>
                <ul className="mt-2 divide-y divide-slate-200">
                  {queue.decided.map((submission) => (
                    <DecidedRow key={submission.id} submission={submission} />
                  ))}
                </ul>
              </>
            )}
          </CardContent>
        </Card>
      )}

      <Card className="mt-6">
        <CardHeader>
          <CardTitle>My Submissions</CardTitle>
        </CardHeader>
        <CardContent>
          {mine.length === 0 ? (
            <p className="text-slate-700">You have no orders waiting for or decided on approval.</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {mine.map((submission) => (
                <MineRow key={submission.id} submission={submission} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

/** " · Quote Q-000123": a submission of an accepted quote, at its quoted prices, links to the quote. */
function QuoteOf({ submission }: { submission: { quoteNumber: string | null } }) {
  if (!submission.quoteNumber) return null;
  return (
    <>
      {" · "}
      <Link to={`/account/quotes/${submission.quoteNumber}`} className="font-medium text-brand-700 underline">
        Quote {submission.quoteNumber}
      </Link>
    </>
  );
}

function Lines({ lines }: { lines: Pending["lines"] }) {
  return (
    <ul className="mt-1 text-sm text-slate-700">
      {lines.map((line) => (
        <li key={line.productId}>
          {quantityWithUnit(line.quantity, line.unit)} × {line.partNumber} {line.name} at{" "}
          <Price amount={line.unitPrice} />
          <PerUnit unit={line.unit} />
          <PackLine line={line} className="text-slate-600" />
        </li>
      ))}
    </ul>
  );
}

function PendingRow({ submission }: { submission: Pending }) {
  const fetcher = useFetcher<ActionResult>();
  const label = `${submission.buyerName}'s order of`;
  return (
    <li className="space-y-2 py-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="font-medium text-slate-950">
            {submission.buyerName} · <Price amount={submission.total} />
          </p>
          <p className="text-sm text-slate-700">
            Waiting {submission.waiting}
            {submission.poNumber && <> · PO {submission.poNumber}</>}
            <QuoteOf submission={submission} />
          </p>
          <p className="text-sm text-slate-700">{submission.reason}</p>
          <Lines lines={submission.lines} />
        </div>
        {submission.isYours ? (
          <p className="text-sm text-slate-700">Your own order: another approver decides it.</p>
        ) : (
          <div className="flex gap-2">
            <fetcher.Form method="post">
              <input type="hidden" name="intent" value="approve" />
              <input type="hidden" name="submissionId" value={submission.id} />
              <Button
                type="submit"
                size="sm"
                disabled={fetcher.state !== "idle"}
                aria-label={`Approve ${label} $${submission.total}`}
              >
                Approve
              </Button>
            </fetcher.Form>
            <RejectDialog submission={submission} label={`${label} $${submission.total}`} />
          </div>
        )}
      </div>
    </li>
  );
}

/** Rejecting asks for the note the buyer gets back. */
function RejectDialog({ submission, label }: { submission: Pending; label: string }) {
  const fetcher = useFetcher<ActionResult>();
  const [open, setOpen] = useState(false);
  const [form, fields] = useZodForm(`reject-${submission.id}`, rejectSchema, {
    lastResult: fetcher.state === "idle" ? fetcher.data?.reply : undefined,
    defaultValue: { submissionId: submission.id },
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button
        size="sm"
        variant="outline"
        disabled={fetcher.state !== "idle"}
        onClick={() => setOpen(true)}
        aria-label={`Reject ${label}`}
      >
        Reject
      </Button>
      <DialogContent>
        <DialogTitle>Reject this order?</DialogTitle>
        <DialogDescription>
          {submission.buyerName} gets your note by e-mail and on their approvals page. Nothing is ordered.
        </DialogDescription>
        <fetcher.Form
          method="post"
          {...getFormProps(form)}
          onSubmit={(event) => {
            form.onSubmit(event);
            if (!event.defaultPrevented) setOpen(false);
          }}
          className="mt-4 space-y-4"
        >
          <input type="hidden" name="intent" value="reject" />
          <input type="hidden" name="submissionId" value={submission.id} />
          <TextareaField meta={fields.note} label="Note to the buyer" maxLength={1000} />
          <div className="flex justify-end gap-2">
            <DialogCancel>Keep Waiting</DialogCancel>
            <Button type="submit" variant="destructive">
              Reject Order
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

function Decision({ submission }: { submission: Decided | Mine }) {
  return (
    <>
      <p className="text-sm text-slate-700">
        {approvalStatusLabels[submission.status]}
        {submission.decidedBy && submission.status !== "withdrawn" && <> by {submission.decidedBy}</>}
        {submission.decidedAt && <> · {formatDecidedAt(submission.decidedAt)}</>}
        {submission.orderNumber && (
          <>
            {" · "}
            <Link to={`/account/orders/${submission.orderNumber}`} className="font-medium text-brand-700 underline">
              Order {submission.orderNumber}
            </Link>
          </>
        )}
      </p>
      {submission.note && <p className="text-sm text-slate-900">Note: {submission.note}</p>}
    </>
  );
}

function DecidedRow({ submission }: { submission: Decided }) {
  return (
    <li className="py-3">
      <p className="font-medium text-slate-950">
        {submission.buyerName} · <Price amount={submission.total} />
      </p>
      <Decision submission={submission} />
    </li>
  );
}

function MineRow({ submission }: { submission: Mine }) {
  const fetcher = useFetcher<ActionResult>();
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-4">
      <div>
        <p className="font-medium text-slate-950">
          <Price amount={submission.total} /> · submitted {formatShortDate(submission.createdAt)}
          {submission.status === "pending" && <> · waiting {submission.waiting}</>}
          <QuoteOf submission={submission} />
        </p>
        <Decision submission={submission} />
        <Lines lines={submission.lines} />
      </div>
      {submission.status === "pending" && (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="withdraw" />
          <input type="hidden" name="submissionId" value={submission.id} />
          <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== "idle"}>
            Withdraw
          </Button>
        </fetcher.Form>
      )}
    </li>
  );
}
