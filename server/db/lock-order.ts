// Rows that name products are written in the products' id order. A foreign key's check takes a
// share lock on each product it names, one row after the other, and an order being placed locks
// its products for update in id order (server/cart/cart.ts); rows written in any other order could
// wait for one product while holding another the order needs, and deadlock with it (the soak met
// one: a submission for approval against an order placed at the same moment).

/** The rows sorted by product id as PostgreSQL orders uuids (lowercase hex: as strings); rows with none first. */
export function inProductOrder<Row extends { productId?: string | null }>(rows: readonly Row[]): Row[] {
  const key = (row: Row) => row.productId ?? "";
  return [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}
