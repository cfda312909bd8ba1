import type { FieldMetadata } from "@conform-to/react";
import type { AddressKind } from "../../domain/addresses/address";
import { usStates } from "../../domain/addresses/us-states";
import { Field, SelectField } from "./form-field";

type AddressInput = { line1?: string; line2?: string; city?: string; state?: string; zip?: string; country?: string };

/**
 * A shipping or billing address fieldset (fields named shipping.line1, billing.city, ...).
 * Billing labels say "Billing" so that, with both shown, every label names one field.
 */
export function AddressFields({
  kind,
  meta,
  hidden = false,
  children,
}: {
  kind: AddressKind;
  meta: FieldMetadata<AddressInput | undefined, Record<string, unknown>, string[]>;
  /** Only the legend and `children` (say, a same-as-shipping checkbox) are shown. */
  hidden?: boolean;
  children?: React.ReactNode;
}) {
  const fields = meta.getFieldset();
  const label = (text: string) => (kind === "billing" ? `Billing ${text}` : text);
  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold text-slate-950">
        {kind === "billing" ? "Billing Address" : "Shipping Address"}
      </legend>
      {children}
      {!hidden && (
        <>
          <Field meta={fields.line1} label={label("Address Line 1")} autoComplete={`${kind} address-line1`} />
          <Field meta={fields.line2} label={label("Address Line 2")} autoComplete={`${kind} address-line2`} optional />
          <div className="grid gap-4 sm:grid-cols-3">
            <Field meta={fields.city} label={label("City")} autoComplete={`${kind} address-level2`} />
            <SelectField meta={fields.state} label={label("State")} options={usStates} placeholder="Select state" />
            <Field meta={fields.zip} label={label("ZIP")} autoComplete={`${kind} postal-code`} />
          </div>
        </>
      )}
    </fieldset>
  );
}
