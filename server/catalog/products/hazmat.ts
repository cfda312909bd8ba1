// How parts travel: the DOT entries of the hazardous ones among them (docs/decisions/hazardous-materials.md).
import { inArray, sql } from "drizzle-orm";
import type { HazmatTransport } from "../../../domain/catalog/hazards";
import { db } from "../../db/client";
import { products } from "../../db/schema";

/** A product's DOT entry as a column: null for a part that is no hazardous material in transport. */
export const hazmatColumn = sql<HazmatTransport | null>`${products.hazard}->'transport'`;

/** Whether a product ships by ground only, as a column (false for a product no longer in the catalogue). */
export const groundOnlyColumn = sql<boolean>`coalesce(jsonb_typeof(${products.hazard}->'transport') = 'object', false)`;

/** The transport entries of those of these products that are hazardous materials in transport, by product id. */
export async function hazmatTransports(productIds: readonly string[]): Promise<Map<string, HazmatTransport>> {
  if (productIds.length === 0) return new Map();
  const rows = await db()
    .select({ id: products.id, transport: hazmatColumn })
    .from(products)
    .where(inArray(products.id, [...productIds]));
  return new Map(rows.flatMap((row) => (row.transport ? [[row.id, row.transport] as const] : [])));
}
