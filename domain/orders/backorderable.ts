// Whether a part may be ordered past its stock (docs/decisions/back-orders.md), apart from the
// rest of the back-order rules in ./backorders.ts: listing cards ask only this, and should not
// fetch the date arithmetic of the product page with it.

/** What a part's page, cart line or order line knows of its stock. */
export interface Supply {
  partNumber: string;
  stockLevel: number;
  /** The operator lets buyers order it past its stock. */
  backorderable: boolean;
  /** Business days to get more; a back-orderable part always has one. */
  leadTimeDays: number | null;
}

/** Whether the part may be ordered past its stock: marked so, with the lead time that dates it. */
export function canBackorder({ backorderable, leadTimeDays }: Pick<Supply, "backorderable" | "leadTimeDays">) {
  return backorderable && leadTimeDays !== null;
}

/** Whether a buyer may order some of the part now: some on the shelf, or back-orderable. */
export const orderable = (supply: Pick<Supply, "stockLevel" | "backorderable" | "leadTimeDays">) =>
  supply.stockLevel > 0 || canBackorder(supply);
