import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { useState } from "react";
import {
  duplicatePoMessage,
  PO_NUMBER_MAX,
  poNumberRequiredMessage,
  samePoNumber,
} from "../../../domain/orders/purchase-order";
import { Field } from "../form-field";
import { Input } from "../ui/input";
import { Label } from "../ui/label";

type Meta = FieldMetadata<string | undefined, Record<string, unknown>, string[]>;

/** A PO number the account already used, and the order it was used on. */
export interface UsedPoNumber {
  poNumber: string;
  orderNumber: string;
}

/**
 * The checkout's PO number and job reference. An account marked "PO required" is told before it
 * tries; a PO number the account already used is warned about by the server (`usedPo`), and the
 * buyer confirms it here to place the order anyway.
 */
export function PurchaseOrderFields({
  poNumber,
  jobReference,
  required,
  usedPo,
}: {
  poNumber: Meta;
  jobReference: Meta;
  required: boolean;
  usedPo?: UsedPoNumber;
}) {
  const [confirmed, setConfirmed] = useState(false);
  const hintId = `${poNumber.id}-hint`;
  const usedId = `${poNumber.id}-used`;
  // The warning stands while the field still holds that PO number.
  const warned = usedPo && samePoNumber((poNumber.value ?? "").trim(), usedPo.poNumber) ? usedPo : undefined;
  const describedBy = [
    required ? hintId : undefined,
    poNumber.errors?.length ? poNumber.errorId : undefined,
    warned ? usedId : undefined,
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <section aria-labelledby="purchase-order-heading" className="space-y-4">
      <h2 id="purchase-order-heading" className="text-xl font-semibold text-slate-950">
        Purchase Order
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1">
          <Label htmlFor={poNumber.id}>
            PO Number
            {!required && <span className="font-normal text-slate-600"> (optional)</span>}
          </Label>
          <Input
            {...getInputProps(poNumber, { type: "text" })}
            key={poNumber.key}
            maxLength={PO_NUMBER_MAX}
            aria-required={required || undefined}
            aria-describedby={describedBy || undefined}
          />
          {required && (
            <p id={hintId} className="text-sm text-slate-700">
              {poNumberRequiredMessage}.
            </p>
          )}
          {poNumber.errors?.length ? (
            <p id={poNumber.errorId} className="text-sm text-red-700">
              {poNumber.errors[0]}
            </p>
          ) : null}
        </div>
        <Field meta={jobReference} label="Job Reference" optional />
      </div>
      {warned && (
        <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3">
          <p id={usedId} role="alert" className="text-sm font-medium text-slate-950">
            {duplicatePoMessage(warned.poNumber, warned.orderNumber)}
          </p>
          <div className="flex items-center gap-2">
            <input
              id="checkout-po-duplicate-confirmed"
              type="checkbox"
              name="poDuplicateConfirmed"
              value={warned.poNumber}
              checked={confirmed}
              onChange={(event) => setConfirmed(event.target.checked)}
              className="size-4 accent-brand-800"
            />
            <label htmlFor="checkout-po-duplicate-confirmed" className="text-sm text-slate-900">
              Use PO number {warned.poNumber} again on this order
            </label>
          </div>
        </div>
      )}
    </section>
  );
}
