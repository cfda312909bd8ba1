import type { FieldMetadata } from "@conform-to/react";
import { usStates } from "../lib/us-states";
import { Field, SelectField } from "./form-field";

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;
type AddressKey = "AddressLine1" | "AddressLine2" | "City" | "State" | "Zip";

/**
 * A shipping or billing address fieldset. Billing labels say "Billing" so that, with both
 * shown, every label names one field.
 */
export function AddressFields({
  prefix,
  fields,
  hidden = false,
  children,
}: {
  prefix: "shipping" | "billing";
  fields: { [K in `${typeof prefix}${AddressKey}`]: Meta };
  /** Only the legend and `children` (say, a same-as-shipping checkbox) are shown. */
  hidden?: boolean;
  children?: React.ReactNode;
}) {
  const meta = (key: AddressKey) => fields[`${prefix}${key}` as keyof typeof fields];
  const label = (text: string) => (prefix === "billing" ? `Billing ${text}` : text);
  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold text-slate-950">
        {prefix === "billing" ? "Billing Address" : "Shipping Address"}
      </legend>
      {children}
      {!hidden && (
        <>
          <Field meta={meta("AddressLine1")} label={label("Address Line 1")} autoComplete={`${prefix} address-line1`} />
          <Field
            meta={meta("AddressLine2")}
            label={label("Address Line 2")}
            autoComplete={`${prefix} address-line2`}
            optional
          />
          <div className="grid gap-4 sm:grid-cols-3">
            <Field meta={meta("City")} label={label("City")} autoComplete={`${prefix} address-level2`} />
            <SelectField meta={meta("State")} label={label("State")} options={usStates} placeholder="Select state" />
            <Field meta={meta("Zip")} label={label("ZIP")} autoComplete={`${prefix} postal-code`} />
          </div>
        </>
      )}
    </fieldset>
  );
}
