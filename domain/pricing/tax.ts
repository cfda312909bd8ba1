// Sales tax by shipping state. Rates are exact integers in millionths (ppm): basis points would not
// do, since Minnesota's 6.875% and New Mexico's 4.875% are half a basis point.
import type { UsState } from "../addresses/us-states";

/** A sales-tax rate in millionths of the taxable amount: 82_500 is 8.25%. */
export type TaxRatePpm = number;

const PPM_PER_UNIT = 1_000_000n;
const RATE = /^(\d+)(?:\.(\d{1,6}))?$/;

/** "0.0825" -> 82_500, read digit by digit. Throws RangeError for anything but a rate from 0 to 1. */
export function parseTaxRate(rate: string): TaxRatePpm {
  const match = RATE.exec(rate.trim());
  if (!match) throw new RangeError(`Not a tax rate: ${JSON.stringify(rate)}`);
  const [, whole = "0", fraction = ""] = match;
  const ppm = BigInt(whole) * PPM_PER_UNIT + BigInt(fraction.padEnd(6, "0"));
  if (ppm > PPM_PER_UNIT) throw new RangeError(`Tax rate above 100%: ${rate}`);
  return Number(ppm);
}

// Statewide base rates, not local add-ons (county and city taxes are not charged). The rates
// docs/product-rules.md names win where it names them: CA 0.0825 and NY 0.08 are above those states' base rates, and
// AK, DE, MT, NH and OR have no statewide sales tax. Typed by UsState so a missing state fails to compile.
const STATE_RATES: Record<UsState, string> = {
  AL: "0.04",
  AK: "0",
  AZ: "0.056",
  AR: "0.065",
  CA: "0.0825",
  CO: "0.029",
  CT: "0.0635",
  DE: "0",
  FL: "0.06",
  GA: "0.04",
  HI: "0.04",
  ID: "0.06",
  IL: "0.0625",
  IN: "0.07",
  IA: "0.06",
  KS: "0.065",
  KY: "0.06",
  LA: "0.05",
  ME: "0.055",
  MD: "0.06",
  MA: "0.0625",
  MI: "0.06",
  MN: "0.06875",
  MS: "0.07",
  MO: "0.04225",
  MT: "0",
  NE: "0.055",
  NV: "0.0685",
  NH: "0",
  NJ: "0.06625",
  NM: "0.04875",
  NY: "0.08",
  NC: "0.0475",
  ND: "0.05",
  OH: "0.0575",
  OK: "0.045",
  OR: "0",
  PA: "0.06",
  RI: "0.07",
  SC: "0.06",
  SD: "0.042",
  TN: "0.07",
  TX: "0.0625",
  UT: "0.061",
  VT: "0.06",
  VA: "0.053",
  WA: "0.065",
  WV: "0.06",
  WI: "0.05",
  WY: "0.04",
};

/** Every state's rate in ppm, for checkout and admin screens that list them. */
export const stateTaxRates: ReadonlyMap<UsState, TaxRatePpm> = new Map(
  (Object.entries(STATE_RATES) as [UsState, string][]).map(([state, rate]) => [state, parseTaxRate(rate)]),
);

/** The rate when the state is unknown or missing: 0.08. */
export const DEFAULT_TAX_RATE: TaxRatePpm = parseTaxRate("0.08");

/** The rate for a two-letter state code (any case, spaces ignored); DEFAULT_TAX_RATE when it is not a US state. */
export function taxRateFor(state?: string | null): TaxRatePpm {
  const code = (state ?? "").trim().toUpperCase() as UsState;
  return stateTaxRates.get(code) ?? DEFAULT_TAX_RATE;
}
