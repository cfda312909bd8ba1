// The carriers a shipment goes by (docs/decisions/shipments.md): each one's name, its public tracking
// page and the loose shape of its tracking numbers, so a typo is caught before the buyer's mail.
// Freight/LTL and Other have no page to link to: their number is shown as text.

export const carrierCodes = ["ups", "fedex", "usps", "dhl_express", "ontrac", "freight_ltl", "other"] as const;
export type CarrierCode = (typeof carrierCodes)[number];

interface Carrier {
  name: string;
  /** The carrier's public tracking page for a number, or none. */
  trackingPage?: (number: string) => string;
  /** What its numbers look like, and how the admin is told when one does not. */
  shape?: { pattern: RegExp; hint: string };
  /** Whether a shipment by it must give a number. */
  numberRequired: boolean;
  /** It carries every parcel by air, so never a part that ships by ground only (domain/catalog/hazards.ts). */
  airOnly?: boolean;
}

const page = (prefix: string) => (number: string) => `${prefix}${encodeURIComponent(number)}`;

export const carriers: Record<CarrierCode, Carrier> = {
  ups: {
    name: "UPS",
    trackingPage: page("https://www.ups.com/track?tracknum="),
    // 1Z and 16 letters or digits; or a UPS Mail Innovations / freight number of digits.
    shape: { pattern: /^(1Z[0-9A-Z]{16}|\d{9,26})$/, hint: "1Z and 16 letters or digits, e.g. 1Z999AA10123456784" },
    numberRequired: true,
  },
  fedex: {
    name: "FedEx",
    trackingPage: page("https://www.fedex.com/fedextrack/?trknbr="),
    shape: { pattern: /^(\d{12}|\d{15}|\d{20}|\d{22})$/, hint: "12, 15, 20 or 22 digits" },
    numberRequired: true,
  },
  usps: {
    name: "USPS",
    trackingPage: page("https://tools.usps.com/go/TrackConfirmAction?tLabels="),
    // 20 to 22 digits (94…, 92…), 26 to 34 digits (with routing), or 2 letters, 9 digits and US.
    shape: { pattern: /^(\d{20,22}|\d{26,34}|[A-Z]{2}\d{9}US)$/, hint: "20 to 22 digits, or e.g. EC123456789US" },
    numberRequired: true,
  },
  dhl_express: {
    name: "DHL Express",
    trackingPage: page("https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id="),
    shape: { pattern: /^\d{10,11}$/, hint: "10 digits (the waybill number)" },
    numberRequired: true,
    airOnly: true,
  },
  ontrac: {
    name: "OnTrac",
    trackingPage: page("https://www.ontrac.com/tracking/?number="),
    shape: { pattern: /^(C\d{14}|D\d{14}|1LS\d{12,15})$/, hint: "C or D and 14 digits, or 1LS and 12 to 15 digits" },
    numberRequired: true,
  },
  freight_ltl: { name: "Freight/LTL", numberRequired: false },
  other: { name: "Other", numberRequired: false },
};

/** Every carrier as a form's options, in the table's order. */
export const carrierOptions = carrierCodes.map((code) => ({ value: code, label: carriers[code].name }));

export const TRACKING_NUMBER_MAX = 40;

/** A number as carriers print it, without the spaces and dashes people type into it, upper-case. */
export function normalTrackingNumber(typed: string): string {
  return typed.replace(/[\s-]+/g, "").toUpperCase();
}

/** Why `number` (normalised) cannot be the carrier's, or undefined. */
export function trackingNumberProblem(code: CarrierCode, number: string): string | undefined {
  const carrier = carriers[code];
  if (!number) return carrier.numberRequired ? `Enter the ${carrier.name} tracking number` : undefined;
  if (number.length > TRACKING_NUMBER_MAX) return `Use at most ${TRACKING_NUMBER_MAX} characters`;
  if (!/^[A-Z0-9]+$/.test(number)) return "Use only letters and digits (spaces and dashes are left out)";
  if (carrier.shape && !carrier.shape.pattern.test(number))
    return `This does not look like a ${carrier.name} tracking number: expected ${carrier.shape.hint}. Check it, or choose another carrier.`;
  return undefined;
}

/** The carrier's public tracking page for the number, or undefined when it has none. */
export function trackingUrl(code: CarrierCode, number: string | null): string | undefined {
  return number ? carriers[code].trackingPage?.(number) : undefined;
}
