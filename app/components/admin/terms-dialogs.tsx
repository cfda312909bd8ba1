import { getFormProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { approveTermsSchema } from "../../../domain/admin/admin-schemas";
import { formatUsd } from "../../../domain/money/format";
import { termsLengths, termsName } from "../../../domain/terms/terms";
import { formatNumber } from "../../../domain/text/numbers";
import { Field } from "../form-field";
import { Button } from "../ui/button";
import { Dialog, DialogCancel, DialogContent, DialogDescription, DialogTitle } from "../ui/dialog";
import { Label } from "../ui/label";
import { useZodForm } from "../use-zod-form";

/**
 * 'Approve Net 30' and the dialog that asks for the terms (Net 30 unless the admin picks 60 or 90)
 * and the credit limit of the account, for all its members; it closes once the approval is saved. The
 * limit is checked by the action's own schema, in the browser and again on the server, and a refusal
 * shows beside the field.
 */
export function ApproveTermsDialog({ companyId, name, members }: { companyId: string; name: string; members: number }) {
  const fetcher = useFetcher<{ ok: boolean; reply?: SubmissionResult<string[]> }>();
  const [open, setOpen] = useState(false);
  const [form, fields] = useZodForm(`approve-terms-${companyId}`, approveTermsSchema, {
    lastResult: fetcher.state === "idle" ? fetcher.data?.reply : undefined,
    defaultValue: { companyId, termsDays: "30" },
  });
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
        <DialogDescription>
          Set the terms and the credit limit for {name}.
          {members > 1 &&
            ` They apply to all ${formatNumber(members)} people buying on the account, who share the limit.`}
        </DialogDescription>
        <fetcher.Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="approve" />
          <input type="hidden" name="companyId" value={companyId} />
          <div className="space-y-1">
            <Label htmlFor={fields.termsDays.id}>Payment Terms</Label>
            <select
              {...getSelectProps(fields.termsDays)}
              key={fields.termsDays.key}
              className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
            >
              {termsLengths.map((days) => (
                <option key={days} value={days}>
                  {termsName(days)}
                </option>
              ))}
            </select>
          </div>
          <Field meta={fields.creditLimit} label="Credit Limit ($)" inputMode="decimal" />
          <div className="flex justify-end gap-2">
            <DialogCancel />
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              Approve
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * 'Revoke' asks first, naming the account's terms (Net 30, 60 or 90): revoking ends them and sets
 * its limit to $0 at once. Approving again restores terms, with the limit the admin then sets.
 */
export function RevokeTermsDialog({
  companyId,
  name,
  creditLimit,
  termsDays,
}: {
  companyId: string;
  name: string;
  creditLimit: string;
  termsDays: number;
}) {
  const terms = termsName(termsDays);
  const fetcher = useFetcher<{ ok: boolean }>();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button
        variant="outline"
        size="sm"
        disabled={fetcher.state !== "idle"}
        onClick={() => setOpen(true)}
        aria-label={`Revoke ${terms} terms for ${name}`}
      >
        Revoke
      </Button>
      <DialogContent>
        <DialogTitle>Revoke {terms} Terms?</DialogTitle>
        <DialogDescription>
          {name} will pay by card from now on, and the credit limit of {formatUsd(creditLimit)} becomes $0.00. Unpaid{" "}
          {terms} invoices stay due. You can approve terms again at any time.
        </DialogDescription>
        <fetcher.Form method="post" onSubmit={() => setOpen(false)} className="mt-4 flex justify-end gap-2">
          <input type="hidden" name="intent" value="revoke" />
          <input type="hidden" name="companyId" value={companyId} />
          <DialogCancel>Keep Terms</DialogCancel>
          <Button type="submit" variant="destructive">
            Revoke Terms
          </Button>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
