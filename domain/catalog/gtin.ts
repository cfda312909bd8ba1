// A GTIN (the barcode number: UPC-A is GTIN-12, EAN-13 is GTIN-13, cases carry GTIN-14) is only worth
// giving a marketplace when its check digit holds: Google Merchant Center refuses a product whose GTIN
// does not, where it accepts one given none.

/** The specification names a part's barcode number is kept under. */
export const gtinSpecifications = ["GTIN", "UPC", "EAN"] as const;

/** `text` as a valid GTIN-8, 12, 13 or 14 (spaces and dashes dropped), or undefined. */
export function validGtin(text: string): string | undefined {
  const digits = text.replace(/[\s-]/g, "");
  if (!/^(?:\d{8}|\d{12,14})$/.test(digits)) return undefined;
  // GS1's check digit: from the right, excluding it, digits weigh 3, 1, 3, 1…
  let sum = 0;
  for (let i = digits.length - 2, weight = 3; i >= 0; i--, weight = 4 - weight) sum += Number(digits[i]) * weight;
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]) ? digits : undefined;
}

/** The first valid GTIN among a part's specifications, or undefined. */
export function gtinOf(specifications: Record<string, string>): string | undefined {
  for (const name of gtinSpecifications) {
    const value = Object.entries(specifications).find(([key]) => key.toUpperCase() === name)?.[1];
    const gtin = value === undefined ? undefined : validGtin(value);
    if (gtin) return gtin;
  }
  return undefined;
}
