// The parts a buyer compares (/compare?parts=…): found by part number however it is spelled, as a
// buyer sees them (drafts never), each with its typed specifications.
import { and, inArray } from "drizzle-orm";
import type { CatalogueScope } from "../../context";
import { db } from "../../db/client";
import { products } from "../../db/schema";
import { productSpecifications } from "../products/attributes";
import { normalizedPartNumber, normalizePartNumber } from "../products/part-numbers";
import { shownToBuyers } from "../products/visibility";
import { productCardColumns } from "./card-columns";

/** The products named, in the order named, each once; and the part numbers no product has. */
export async function productsToCompare(partNumbers: readonly string[], catalogue: CatalogueScope | null) {
  const keys = partNumbers.map(normalizePartNumber).filter((key) => key !== "");
  const rows =
    keys.length > 0
      ? await db()
          .select({ ...productCardColumns, partKey: normalizedPartNumber, status: products.status })
          .from(products)
          .where(and(inArray(normalizedPartNumber, keys), shownToBuyers(catalogue)))
      : [];
  const byKey = new Map(rows.map((row) => [row.partKey ?? "", row]));
  const found = [...new Set(keys)].flatMap((key) => {
    const row = byKey.get(key);
    return row ? [row] : [];
  });
  const specifications = await Promise.all(found.map((product) => productSpecifications(db(), product.id)));
  return {
    products: found.map(({ partKey: _, ...product }, index) => ({
      ...product,
      specifications: specifications[index] ?? [],
    })),
    unknown: partNumbers.filter((part) => !byKey.has(normalizePartNumber(part))),
  };
}
