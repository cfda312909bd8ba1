// Tax-exempt certificates (docs/decisions/tax-exemption.md): a company's certificate per state, its
// review, and the one rule that takes tax off an order. Shared by the pages (what to show) and the
// server (what to allow and charge).
import { z } from "zod";
import { type UsState, usStates } from "../addresses/us-states";
import { addDays, type Day, daysBetween, isDay, storeDay } from "../dates/dates";
import { required } from "../text/form-fields";

export const certificateStatuses = ["pending", "approved", "rejected"] as const;
export type CertificateStatus = (typeof certificateStatuses)[number];

export const certificateStatusNames: Record<CertificateStatus, string> = {
  pending: "Waiting for review",
  approved: "Approved",
  rejected: "Rejected",
};

export const stateNames: Record<UsState, string> = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
};

export const stateName = (state: string) => (Object.hasOwn(stateNames, state) ? stateNames[state as UsState] : state);

/** What the pricing reads of a company's certificate. */
export interface ExemptionCertificate {
  state: string;
  certificateNumber: string;
  /** The last day the certificate holds, in the store's time zone (YYYY-MM-DD). */
  expiresOn: Day;
  status: CertificateStatus;
}

export interface TaxExemption {
  state: string;
  certificateNumber: string;
}

/** Whether the certificate still holds on the store's day at `now`: through its expiry day, not a day more. */
export const certificateHolds = (certificate: Pick<ExemptionCertificate, "expiresOn">, now: Date) =>
  storeDay(now) <= certificate.expiresOn;

/**
 * The exemption an order shipped to `state` gets at `now`: an approved certificate for that state
 * that has not expired (the one that holds longest, when there are several), else null.
 */
export function exemptionFor(
  certificates: readonly ExemptionCertificate[],
  state: string | null | undefined,
  now: Date,
): TaxExemption | null {
  const shippedTo = (state ?? "").trim().toUpperCase();
  if (!shippedTo) return null;
  const holding = certificates
    .filter((c) => c.status === "approved" && c.state === shippedTo && certificateHolds(c, now))
    .sort((a, b) => (a.expiresOn < b.expiresOn ? 1 : -1));
  const [best] = holding;
  return best ? { state: best.state, certificateNumber: best.certificateNumber } : null;
}

/** The cart's and the order's line saying why no tax is charged. */
export const exemptionLine = ({ state, certificateNumber }: TaxExemption) =>
  `Tax exempt: certificate ${certificateNumber} (${stateName(state)})`;

/** How many days before its expiry the company admin is reminded, unless the store admin sets another (Admin, Settings). */
export const DEFAULT_REMINDER_DAYS = 30;
export const MAX_REMINDER_DAYS = 90;

/** Whether an approved certificate's reminder is due on the store's day at `now` (its last `days` days). */
export function reminderDue(
  certificate: Pick<ExemptionCertificate, "expiresOn" | "status">,
  now: Date,
  days: number = DEFAULT_REMINDER_DAYS,
): boolean {
  if (certificate.status !== "approved") return false;
  const left = daysBetween(storeDay(now), certificate.expiresOn);
  return left >= 0 && left <= days;
}

/** The last expiry day a reminder is due for on the store's day at `now`. */
export const reminderHorizon = (now: Date, days: number = DEFAULT_REMINDER_DAYS): Day => addDays(storeDay(now), days);

/** A certificate file may be at most this large. */
export const MAX_CERTIFICATE_BYTES = 10 * 1024 * 1024;
export const CERTIFICATE_FILE_FIELD = "file";
export const CERTIFICATE_FILE_TYPES = "application/pdf,image/jpeg,image/png,image/webp";

export const MAX_REJECTION_REASON = 500;

/** The certificate's fields (the file is checked by its content on the server). */
export const certificateSchema = z.object({
  state: z.enum(usStates, { message: "Choose the state the certificate is for" }),
  certificateNumber: required("Enter the certificate number", 40).regex(
    /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/,
    "Use letters, digits, spaces, dots, slashes or dashes, as printed on the certificate",
  ),
  expiresOn: z
    .string({ message: "Enter the expiry date" })
    .trim()
    .refine(isDay, "Enter the expiry date as a date, e.g. 2027-12-31"),
});
export type CertificateInput = z.infer<typeof certificateSchema>;

/** An expiry before the store's day at `now` is refused: the certificate would never hold. */
export const expiredOnUpload = (expiresOn: Day, now: Date) => expiresOn < storeDay(now);
export const EXPIRED_MESSAGE = "This certificate has already expired: upload the current one.";

export const removeCertificateSchema = z.object({ certificateId: z.uuid("That certificate does not exist.") });

export const reviewCertificateSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), certificateId: z.uuid("That certificate does not exist.") }),
  z.object({
    intent: z.literal("reject"),
    certificateId: z.uuid("That certificate does not exist."),
    reason: required("Say why the certificate is rejected, so the company can fix it", MAX_REJECTION_REASON),
  }),
]);
export type CertificateReview = z.infer<typeof reviewCertificateSchema>;

export const certificateListFilters = ["pending", "approved", "rejected", "all"] as const;
export type CertificateListFilter = (typeof certificateListFilters)[number];

/** An order's line saying why it was not taxed, from what it kept; null for a taxed order. */
export const orderExemptionLine = (order: { taxExemptCertificate: string | null; shippingState: string }) =>
  order.taxExemptCertificate
    ? exemptionLine({ state: order.shippingState, certificateNumber: order.taxExemptCertificate })
    : null;
