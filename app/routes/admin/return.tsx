// One return in the back office (docs/decisions/returns.md): approve it (an RMA number and the Return
// Authorisation), refuse it with a reason, or, once the parts arrive, receive it: each line restocked
// or not, and a credit memo issued (a card refunded, or a terms account's balance lowered).
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { formatLongDate } from "../../../domain/dates/dates";
import { fromCents } from "../../../domain/money/cents";
import { formatUsd } from "../../../domain/money/format";
import {
  creditMemoHref,
  refuseReturnSchema,
  returnActions,
  returnAuthorisationHref,
  returnReasonLabels,
  returnStatusLabels,
} from "../../../domain/returns/returns";
import { requireAdmin } from "../../../server/accounts/session";
import type { SignedInUser } from "../../../server/context";
import { dispatchIntent, type FormIntent, formFields, parsedFields, refusedPage } from "../../../server/form-intents";
import { formObject } from "../../../server/forms";
import { approveReturn, receiveReturn, refuseReturn, returnForAdmin } from "../../../server/returns/returns";
import { dataWithToast } from "../../../server/toast";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Label } from "../../components/ui/label";
import type { Route } from "./+types/return";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.rmaNumber ?? "Return"} | Admin | Cascade Industrial Supply` }];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  requireAdmin({ context });
  const { view, order, credit } = await returnForAdmin(params.returnId).catch(refusedPage);
  return {
    id: view.id,
    status: view.status,
    actions: returnActions(view.status),
    rmaNumber: view.rmaNumber,
    reason: view.reason,
    note: view.note,
    refusalReason: view.refusalReason,
    requestedAt: view.requestedAt.toISOString(),
    requesterEmail: view.requesterEmail,
    orderNumber: order.orderNumber,
    companyName: order.companyName,
    paymentMethod: order.paymentMethod,
    invoiceNumber: order.invoiceNumber,
    lines: view.lines,
    credit: {
      lines: fromCents(credit.linesCents),
      discount: fromCents(credit.discountCents),
      tax: fromCents(credit.taxCents),
      total: fromCents(credit.totalCents),
    },
    creditMemo: view.creditMemo && {
      number: view.creditMemo.number,
      amount: view.creditMemo.amount,
      href: creditMemoHref(view.creditMemo.number, "admin"),
    },
  };
}

const restockSchema = z.object({
  restock: z.array(z.uuid("A line chosen to restock is not in this return.")).max(500).default([]),
});

const intents: Record<string, FormIntent<SignedInUser>> = {
  approve: {
    failure: "The return was not approved",
    async handle(admin, _formData, { params }) {
      const view = await approveReturn(admin.id, String(params.returnId));
      return dataWithToast({ ok: true }, { type: "success", title: `Return approved as ${view.rmaNumber}` });
    },
  },
  refuse: {
    failure: "The return was not refused",
    async handle(admin, formData, { params }) {
      const { reason } = formFields(formData, refuseReturnSchema);
      await refuseReturn(admin.id, String(params.returnId), reason);
      return dataWithToast({ ok: true }, { type: "success", title: "Return refused; the buyer was told why" });
    },
  },
  receive: {
    failure: "The return was not received",
    async handle(admin, formData, { params }) {
      const { restock } = parsedFields(formObject(formData, ["restock"]), restockSchema);
      const view = await receiveReturn(admin.id, String(params.returnId), restock);
      const memo = view.creditMemo;
      return dataWithToast(
        { ok: true },
        {
          type: "success",
          title: `Return received; credit memo ${memo?.number} issued`,
          description: memo ? `${formatUsd(memo.amount)} credited.` : undefined,
        },
      );
    },
  },
};

export function action(args: Route.ActionArgs) {
  return dispatchIntent(args, intents, { as: "admin" });
}

export default function AdminReturnPage({ loaderData: item }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const [refusing, setRefusing] = useState(false);
  const byCard = item.paymentMethod === "credit_card";
  return (
    <div className="max-w-4xl">
      <p className="text-sm">
        <Link to="/admin/returns" className="text-brand-700 underline">
          All returns
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-950">
        {item.rmaNumber ?? "Return request"} · {returnStatusLabels[item.status]}
      </h1>
      <p className="mt-1 text-slate-700">
        Order{" "}
        <Link to={`/admin/orders/${item.orderNumber}`} className="font-mono text-brand-700 underline">
          {item.orderNumber}
        </Link>
        {item.companyName && ` · ${item.companyName}`} · asked {formatLongDate(item.requestedAt)}
        {item.requesterEmail && ` by ${item.requesterEmail}`}
      </p>

      <Card className="mt-6">
        <CardContent className="space-y-2 py-5 text-sm">
          <p>
            <span className="font-semibold">Reason:</span> {returnReasonLabels[item.reason]}
          </p>
          {item.note && (
            <blockquote className="border-l-4 border-slate-300 pl-3 whitespace-pre-line">{item.note}</blockquote>
          )}
          {item.refusalReason && (
            <p>
              <span className="font-semibold">Refused:</span> {item.refusalReason}
            </p>
          )}
          {item.rmaNumber && (
            <a href={returnAuthorisationHref(item.rmaNumber, "admin")} className="block text-brand-700 underline">
              Download return authorisation {item.rmaNumber} (PDF)
            </a>
          )}
          {item.creditMemo && (
            <a href={item.creditMemo.href} className="block text-brand-700 underline">
              Download credit memo {item.creditMemo.number} (PDF): {formatUsd(item.creditMemo.amount)}
            </a>
          )}
        </CardContent>
      </Card>

      <section aria-labelledby="actions-heading" className="mt-6 space-y-4">
        <h2 id="actions-heading" className="text-lg font-semibold text-slate-950">
          {item.actions.length > 0 ? "Decide" : "Lines"}
        </h2>
        {item.actions.includes("approve") && (
          <div className="flex flex-wrap gap-2">
            <Form method="post">
              <input type="hidden" name="intent" value="approve" />
              <Button type="submit" disabled={busy}>
                Approve Return
              </Button>
            </Form>
            <Button variant="outline" disabled={busy} onClick={() => setRefusing(true)} aria-expanded={refusing}>
              Refuse Return
            </Button>
          </div>
        )}
        {refusing && item.actions.includes("refuse") && (
          <Form method="post" className="max-w-xl space-y-2">
            <input type="hidden" name="intent" value="refuse" />
            <Label htmlFor="refusal-reason">Why is the return refused? (the buyer reads this)</Label>
            <textarea
              id="refusal-reason"
              name="reason"
              required
              maxLength={1000}
              rows={3}
              className="block w-full rounded-md border border-slate-300 px-2 py-1 text-sm"
            />
            <Button type="submit" variant="destructive" disabled={busy}>
              Refuse and Tell the Buyer
            </Button>
          </Form>
        )}
        {item.actions.includes("receive") ? (
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="receive" />
            <fieldset className="space-y-2 text-sm">
              <legend className="font-medium text-slate-950">Parts received: put back in stock?</legend>
              {item.lines.map((line) => (
                <div key={line.orderItemId} className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    id={`restock-${line.orderItemId}`}
                    name="restock"
                    value={line.orderItemId}
                    defaultChecked
                    className="size-4"
                  />
                  <Label htmlFor={`restock-${line.orderItemId}`} className="font-normal">
                    Restock {line.quantity} × <span className="font-mono">{line.part}</span> {line.name}
                  </Label>
                </div>
              ))}
            </fieldset>
            <p className="text-sm text-slate-800">
              Credit memo: {formatUsd(item.credit.lines)} of parts
              {Number(item.credit.discount) > 0 && `, less ${formatUsd(item.credit.discount)} discount`}, plus{" "}
              {formatUsd(item.credit.tax)} tax = <strong>{formatUsd(item.credit.total)}</strong>,{" "}
              {byCard ? "refunded to the card" : `credited to the account (invoice ${item.invoiceNumber} first)`}.
            </p>
            <Button type="submit" variant="accent" disabled={busy}>
              Receive and Issue Credit Memo
            </Button>
          </Form>
        ) : (
          <ul className="list-disc pl-5 text-sm text-slate-800">
            {item.lines.map((line) => (
              <li key={line.orderItemId}>
                {line.quantity} × <span className="font-mono">{line.part}</span> {line.name}
                {line.restocked === true && " (restocked)"}
                {line.restocked === false && " (not restocked)"}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
