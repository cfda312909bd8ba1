import { getFormProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { promoCodeSchema } from "../../../domain/admin/admin-schemas";
import { formatLastDay, lastStoreDayBefore } from "../../../domain/dates/dates";
import { formatUsd } from "../../../domain/money/format";
import { Field } from "../form-field";
import { Button } from "../ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../ui/dialog";
import { Label } from "../ui/label";
import { TableHead } from "../ui/table-head";
import { useZodForm } from "../use-zod-form";

export interface PromoRow {
  id: string;
  code: string;
  description: string;
  discountType: "percentage" | "fixed";
  discountValue: string;
  minimumOrderAmount: string;
  currentUses: number;
  maxUses: number | null;
  expiresAt: Date | string | null;
  isActive: boolean;
}

type Result = { ok: boolean };

const discountText = (promo: PromoRow) =>
  promo.discountType === "percentage" ? `${Number(promo.discountValue)}%` : formatUsd(promo.discountValue);

export function PromoCodes({ promos }: { promos: PromoRow[] }) {
  const [creating, setCreating] = useState(false);
  return (
    <Card className="mt-8">
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle id="promo-codes">Promo Codes</CardTitle>
        <Button size="sm" onClick={() => setCreating(true)}>
          New Promo Code
        </Button>
      </CardHeader>
      <CardContent className="relative overflow-x-auto px-0 py-0">
        {promos.length === 0 ? (
          <p className="px-6 py-8 text-center text-slate-700">No promo codes yet.</p>
        ) : (
          <table aria-labelledby="promo-codes" className="w-full min-w-[760px] text-left text-sm">
            <TableHead
              columns={["Code", "Description", "Discount", "Minimum", "Uses", "Expires", "Status", "Actions"]}
            />
            <tbody className="divide-y divide-slate-200">
              {promos.map((promo) => (
                <PromoRowView key={promo.id} promo={promo} />
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
      <PromoDialog open={creating} onOpenChange={setCreating} />
    </Card>
  );
}

function PromoRowView({ promo }: { promo: PromoRow }) {
  const fetcher = useFetcher<Result>();
  const [editing, setEditing] = useState(false);
  return (
    <tr>
      <td className="px-6 py-3 font-mono font-semibold">{promo.code}</td>
      <td className="px-6 py-3">{promo.description}</td>
      <td className="px-6 py-3">{discountText(promo)}</td>
      <td className="px-6 py-3">{formatUsd(promo.minimumOrderAmount)}</td>
      <td className="px-6 py-3">
        {promo.currentUses}
        {promo.maxUses !== null && ` / ${promo.maxUses}`}
      </td>
      <td className="px-6 py-3">{promo.expiresAt ? formatLastDay(promo.expiresAt) : "Never"}</td>
      <td className="px-6 py-3">{promo.isActive ? "Active" : "Inactive"}</td>
      <td className="flex gap-2 px-6 py-3">
        <Button type="button" variant="outline" size="sm" onClick={() => setEditing(true)}>
          Edit {promo.code}
        </Button>
        <PromoDialog open={editing} onOpenChange={setEditing} promo={promo} />
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="promo-status" />
          <input type="hidden" name="promoId" value={promo.id} />
          <input type="hidden" name="active" value={promo.isActive ? "false" : "true"} />
          <Button type="submit" variant="outline" size="sm" disabled={fetcher.state !== "idle"}>
            {promo.isActive ? `Deactivate ${promo.code}` : `Activate ${promo.code}`}
          </Button>
        </fetcher.Form>
      </td>
    </tr>
  );
}

/** Creates a promo code, or edits `promo`'s terms (its uses so far stay). */
function PromoDialog({
  open,
  onOpenChange,
  promo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  promo?: PromoRow;
}) {
  const fetcher = useFetcher<Result & { reply?: SubmissionResult<string[]> }>();
  const [form, fields] = useZodForm(promo ? `edit-promo-${promo.id}` : "new-promo", promoCodeSchema, {
    lastResult: fetcher.data?.reply,
    defaultValue: promo && {
      code: promo.code,
      description: promo.description,
      discountType: promo.discountType,
      discountValue: promo.discountValue,
      minimumOrderAmount: promo.minimumOrderAmount,
      maxUses: promo.maxUses === null ? "" : String(promo.maxUses),
      expiresAt: promo.expiresAt ? lastStoreDayBefore(promo.expiresAt) : "",
    },
  });
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onOpenChange(false);
  }, [fetcher.state, fetcher.data, onOpenChange]);
  const title = promo ? `Edit ${promo.code}` : "New Promo Code";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>Buyers type the code in the cart; it is checked again when they order.</DialogDescription>
        <fetcher.Form method="post" {...getFormProps(form)} className="mt-4 space-y-3">
          <input type="hidden" name="intent" value={promo ? "edit-promo" : "create-promo"} />
          {promo && <input type="hidden" name="promoId" value={promo.id} />}
          <Field meta={fields.code} label="Code" />
          <Field meta={fields.description} label="Description" />
          <div className="grid grid-cols-2 gap-3">
            <div className="space-y-1">
              <Label htmlFor={fields.discountType.id}>Discount type</Label>
              <select
                {...getSelectProps(fields.discountType)}
                className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm"
              >
                <option value="percentage">Percentage</option>
                <option value="fixed">Fixed amount</option>
              </select>
            </div>
            <Field meta={fields.discountValue} label="Discount value" />
          </div>
          <div className="grid grid-cols-2 gap-3">
            <Field meta={fields.minimumOrderAmount} label="Minimum order ($)" optional />
            <Field meta={fields.maxUses} label="Max uses" optional />
          </div>
          <Field meta={fields.expiresAt} label="Expires (YYYY-MM-DD)" optional />
          <div className="flex justify-end gap-2 pt-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              {promo ? "Save Changes" : "Create Promo Code"}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
