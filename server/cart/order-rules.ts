// What quantities of each part may be asked for, read for lines that do not pass through the cart
// (a request for quote, an order through the API): the rule itself is domain/catalog/sale-units.ts.
import { inArray } from "drizzle-orm";
import { type OrderRule, orderQuantityProblem } from "../../domain/catalog/sale-units";
import { type Database, db } from "../db/client";
import { products } from "../db/schema";
import { orderRuleColumns } from "./cart";

export type PartOrderRule = OrderRule & { partNumber: string };

/** The order rule of each product by id; a product gone is absent. */
export async function orderRulesOf(productIds: readonly string[], executor: Database = db()) {
  const ids = [...new Set(productIds)];
  const rows = ids.length
    ? await executor
        .select({ id: products.id, partNumber: products.partNumber, ...orderRuleColumns })
        .from(products)
        .where(inArray(products.id, ids))
    : [];
  return new Map<string, PartOrderRule>(rows.map(({ id, ...rule }) => [id, rule]));
}

/** Each line's refusal, "CW-45-025: Sold in multiples of 25: 25 or 50?", in the lines' order. */
export function orderRuleProblems(
  lines: readonly { productId: string | null; quantity: number }[],
  rules: ReadonlyMap<string, PartOrderRule>,
  max?: number,
): string[] {
  return lines.flatMap((line) => {
    const rule = line.productId ? rules.get(line.productId) : undefined;
    const problem = rule && orderQuantityProblem(rule, line.quantity, max);
    return problem ? [`${rule.partNumber}: ${problem}`] : [];
  });
}
