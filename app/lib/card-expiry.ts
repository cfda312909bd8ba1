/**
 * A card expiry as the buyer types it, shown as MM/YY: "1229" and "12/29" both read "12/29";
 * anything but digits is dropped, and the slash comes after the month's two digits.
 */
export function formatCardExpiry(typed: string): string {
  const digits = typed.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}
