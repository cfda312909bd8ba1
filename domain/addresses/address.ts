// A postal address as one value: its form rules, its one mapping to the columns that profiles
// and orders store it in (shipping_… and billing_…), and its one formatter.
import { z } from "zod";
import { checkbox, optional, required, stateField, zipField } from "../text/form-fields";

export const addressSchema = z.object({
  line1: required("Address is required"),
  line2: optional(),
  city: required("City is required", 100),
  state: stateField,
  zip: zipField,
  country: z
    .string()
    .trim()
    .max(60, "Use at most 60 characters")
    .optional()
    .transform((value) => value || "United States"),
});

export type Address = z.output<typeof addressSchema>;

/**
 * The shipping address, 'same as shipping', and a billing address that is checked only when it
 * differs: a schema spreads these fields, then refines with `checkBilling` and transforms with
 * `billingOrShipping`, so billing is always an Address afterwards.
 */
export const shippingAndBillingFields = {
  // A form with every address field blank sends no address at all: parsing an empty one instead
  // lets each field say what it needs.
  shipping: addressSchema.prefault({} as z.input<typeof addressSchema>),
  sameAsShipping: checkbox,
  // Checked by checkBilling, only when it differs from shipping.
  billing: z.custom<z.input<typeof addressSchema>>().optional(),
};

/** A differing billing address's problems, reported under billing.… */
export function checkBilling(value: { sameAsShipping: boolean; billing?: unknown }, ctx: z.RefinementCtx) {
  if (value.sameAsShipping) return;
  for (const issue of addressSchema.safeParse(value.billing ?? {}).error?.issues ?? []) {
    ctx.addIssue({ code: "custom", path: ["billing", ...issue.path], message: issue.message });
  }
}

/** Runs a refinement even when other fields are wrong, so the buyer sees every missing field at once. */
export const evenWithOtherErrors = {
  when: (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null,
};

export function billingOrShipping<T extends { shipping: Address; sameAsShipping: boolean; billing?: unknown }>(
  value: T,
): Omit<T, "billing"> & { billing: Address } {
  return { ...value, billing: value.sameAsShipping ? value.shipping : addressSchema.parse(value.billing) };
}

export type AddressKind = "shipping" | "billing";

/** The columns an address is stored in: shippingAddressLine1, shippingCity, … */
export type AddressColumns<Kind extends AddressKind> = {
  [K in `${Kind}AddressLine1` | `${Kind}City` | `${Kind}State` | `${Kind}Zip` | `${Kind}Country`]: string;
} & { [K in `${Kind}AddressLine2`]: string | null };

type StoredAddress<Kind extends AddressKind> = { [K in keyof AddressColumns<Kind>]: string | null };

export function addressColumns<Kind extends AddressKind>(kind: Kind, address: Address): AddressColumns<Kind> {
  return {
    [`${kind}AddressLine1`]: address.line1,
    [`${kind}AddressLine2`]: address.line2 ?? null,
    [`${kind}City`]: address.city,
    [`${kind}State`]: address.state,
    [`${kind}Zip`]: address.zip,
    [`${kind}Country`]: address.country,
  } as AddressColumns<Kind>;
}

/** The address stored in a row's columns, or null when the row has none (a profile never given one). */
export function addressFrom<Kind extends AddressKind>(kind: Kind, row: StoredAddress<Kind>): Address | null {
  const column = (name: string) => (row as Record<string, string | null>)[`${kind}${name}`] ?? "";
  if (!column("AddressLine1")) return null;
  return {
    line1: column("AddressLine1"),
    line2: column("AddressLine2") || undefined,
    city: column("City"),
    state: column("State") as Address["state"],
    zip: column("Zip"),
    country: column("Country") || "United States",
  };
}

/** The address as printed on a label, one line each: street, suite, "City, ST 12345", country. */
export function formatAddress(address: Address): string[] {
  return [address.line1, address.line2, `${address.city}, ${address.state} ${address.zip}`, address.country].filter(
    (line): line is string => Boolean(line),
  );
}
