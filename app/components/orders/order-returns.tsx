// An order's returns (docs/decisions/returns.md): the buyer's request form for shipped lines, and the
// returns asked so far with their RMA, refusal or credit memo. The admin's order page lists the same returns.
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
import { PackageOpen } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { formatLongDate, formatShortDate } from "../../../domain/dates/dates";
import { formatUsd } from "../../../domain/money/format";
import {
  returnReasonLabels,
  returnReasons,
  returnRequestSchema,
  returnStatusLabels,
} from "../../../domain/returns/returns";
import type { OrderReturnsView } from "../../../server/returns/returns";
import { SubmitButton } from "../submit-button";
import { Card, CardContent } from "../ui/card";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import { useZodForm } from "../use-zod-form";

type Returns = OrderReturnsView;

/** The returns asked of the order, newest first; `admin` links each to its page in the back office. */
export function ReturnsList({ returns, admin = false }: { returns: Returns["returns"]; admin?: boolean }) {
  if (returns.length === 0) return <p className="mt-2 text-slate-700">No returns asked for this order.</p>;
  return (
    <ol className="mt-2 space-y-4">
      {returns.map((item) => (
        <li key={item.id} className="border-t border-slate-200 pt-3 first:border-t-0 first:pt-0">
          <h3 className="font-semibold text-slate-950">
            {admin ? (
              <Link to={`/admin/returns/${item.id}`} className="text-brand-700 underline">
                {item.rmaNumber ?? "Return"} · {returnStatusLabels[item.status]}
              </Link>
            ) : (
              <>
                {item.rmaNumber ?? "Return"} · {returnStatusLabels[item.status]}
              </>
            )}
          </h3>
          <p className="text-slate-700">
            Asked {formatShortDate(item.requestedAt)} · {returnReasonLabels[item.reason]}
          </p>
          <ul className="mt-1 list-disc pl-5 text-slate-800">
            {item.lines.map((line) => (
              <li key={`${line.part}-${line.name}`}>
                {line.quantity} × {line.part ? `${line.part} ` : ""}
                {line.name}
                {line.restocked === true && " (restocked)"}
              </li>
            ))}
          </ul>
          {item.refusalReason && (
            <p className="mt-1 text-slate-800">
              <span className="font-semibold">Refused:</span> {item.refusalReason}
            </p>
          )}
          {item.status === "approved" && !admin && (
            <p className="mt-1 text-slate-800">
              Write {item.rmaNumber} on every box and ship the parts to the address on the authorisation.
            </p>
          )}
          {item.rmaHref && (
            <a href={item.rmaHref} className="mt-1 block text-brand-700 underline">
              Download return authorisation {item.rmaNumber} (PDF)
            </a>
          )}
          {item.creditMemo && (
            <a href={item.creditMemo.href} className="mt-1 block text-brand-700 underline">
              Download credit memo {item.creditMemo.number} (PDF): {formatUsd(item.creditMemo.amount)}
            </a>
          )}
        </li>
      ))}
    </ol>
  );
}

/**
 * The buyer's request: a quantity for each shipped line still returnable, a reason, and a note.
 * A line whose window closed says so, with its shipment date; the server checks all of it again.
 */
export function ReturnRequestForm({ view, lastResult }: { view: Returns; lastResult?: SubmissionResult<string[]> }) {
  const busy = useNavigation().formData?.get("intent") === "requestReturn";
  const open = view.lines.filter((line) => !line.closed);
  const [form, fields] = useZodForm("return-request", returnRequestSchema, {
    lastResult,
    defaultValue: { lines: open.map((line) => ({ orderItemId: line.id, quantity: "0" })) },
  });
  const rows = fields.lines.getFieldList();
  return (
    <section aria-labelledby="return-request-heading" className="mt-4 border-t border-slate-200 pt-4">
      <h3 id="return-request-heading" className="font-semibold text-slate-950">
        Return Parts
      </h3>
      <p className="mt-1 text-slate-700">
        Shipped parts can be returned within {view.windowDays} days of their shipment.
      </p>
      <ul className="mt-2 space-y-1 text-slate-800">
        {view.lines
          .filter((line) => line.closed)
          .map((line) => (
            <li key={line.id}>{line.closed}</li>
          ))}
      </ul>
      {open.length > 0 && (
        <Form method="post" {...getFormProps(form)} className="mt-3 space-y-4">
          <input type="hidden" name="intent" value="requestReturn" />
          {form.errors && (
            <p id={form.errorId} role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
              {form.errors.join(" ")}
            </p>
          )}
          <fieldset className="space-y-3">
            <legend className="font-medium text-slate-950">Quantity to return</legend>
            {rows.map((row, index) => {
              const line = open[index];
              if (!line) return null;
              const { orderItemId, quantity } = row.getFieldset();
              return (
                <div key={row.key} className="grid grid-cols-[1fr_6rem] items-center gap-3">
                  <input {...getInputProps(orderItemId, { type: "hidden" })} />
                  <Label htmlFor={quantity.id} className="font-normal">
                    <span className="font-mono">{line.part}</span> {line.name}
                    <span className="block text-xs text-slate-600">
                      {line.shipped} shipped, {line.returnable} returnable, last shipped{" "}
                      {line.lastShippedAt ? formatLongDate(line.lastShippedAt) : ""}
                    </span>
                  </Label>
                  <div>
                    <Input
                      {...getInputProps(quantity, { type: "number" })}
                      min={0}
                      max={line.returnable}
                      inputMode="numeric"
                      aria-label={`Quantity of ${line.part ?? line.name} to return`}
                    />
                    {quantity.errors && (
                      <p id={quantity.errorId} className="mt-1 text-xs text-red-800">
                        {quantity.errors.join(" ")}
                      </p>
                    )}
                  </div>
                </div>
              );
            })}
          </fieldset>
          <div className="space-y-1">
            <Label htmlFor={fields.reason.id}>Reason</Label>
            <select
              {...getSelectProps(fields.reason)}
              className="block h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm"
            >
              <option value="">Choose a reason</option>
              {returnReasons.map((reason) => (
                <option key={reason} value={reason}>
                  {returnReasonLabels[reason]}
                </option>
              ))}
            </select>
            {fields.reason.errors && (
              <p id={fields.reason.errorId} className="text-xs text-red-800">
                {fields.reason.errors.join(" ")}
              </p>
            )}
          </div>
          <div className="space-y-1">
            <Label htmlFor={fields.note.id}>Note (required for Other)</Label>
            <textarea
              {...getTextareaProps(fields.note)}
              rows={3}
              className="block w-full rounded-md border border-slate-300 px-2 py-1 text-sm"
            />
            {fields.note.errors && (
              <p id={fields.note.errorId} className="text-xs text-red-800">
                {fields.note.errors.join(" ")}
              </p>
            )}
          </div>
          <div className="max-w-xs">
            <SubmitButton busy={busy}>Request Return</SubmitButton>
          </div>
        </Form>
      )}
    </section>
  );
}

/** The buyer's order page's returns: the list, and the form while something may still be returned. */
export function ReturnsCard({
  view,
  canRequest,
  lastResult,
}: {
  view: Returns;
  canRequest: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  return (
    <Card>
      <CardContent className="py-5 text-sm">
        <h2 className="flex items-center gap-2 text-xl font-semibold text-slate-950">
          <PackageOpen className="size-5" aria-hidden="true" />
          Returns
        </h2>
        <ReturnsList returns={view.returns} />
        {canRequest && view.lines.length > 0 && (
          // A new return empties the form: its quantities are asked afresh against what is left.
          <ReturnRequestForm key={view.returns.length} view={view} lastResult={lastResult} />
        )}
      </CardContent>
    </Card>
  );
}
