// The cart brought back to the procurement system (docs/punchout.md): a PunchOutOrderMessage of
// the buyer's cart as the store prices it for their company (contract prices, bulk tiers), tax an
// estimate for the buyer's own shipping state, Total the lines before tax as cXML defines it.
import { inArray } from "drizzle-orm";
import { fromCents } from "../../domain/money/cents";
import { getProfile } from "../accounts/account-overview";
import type { Buyer } from "../companies/buyer";
import type { PunchOutContext } from "../context";
import { db } from "../db/client";
import { categories } from "../db/schema";
import { StoreError } from "../errors";
import { priceStoredCart } from "../pricing/price";
import { newPayloadId, type OrderMessageLine, punchOutOrderMessage } from "./cxml";

/**
 * The answer header naming the one origin the transfer page's form may post to; the HTTP layer
 * adds it to the page's form-action policy and drops the header (server/http.ts).
 */
export const FORM_ACTION_HEADER = "X-Punchout-Form-Action";

export interface Transfer {
  /** The procurement system's address the form posts to. */
  url: string;
  /** The form's hidden fields, by name. */
  fields: Record<string, string>;
}

/** The cart as the PunchOutOrderMessage's lines and header figures; Conflict when it cannot be transferred. */
async function pricedCart(buyer: Buyer, cartId: string | undefined) {
  const profile = await getProfile(buyer);
  const cart = await priceStoredCart(cartId, { buyer, taxState: profile?.shippingState });
  if (cart.lines.length === 0) throw new StoreError("Conflict", "Your cart is empty: add the parts you need first.");
  const [problem] = cart.problems;
  if (problem) throw new StoreError("Conflict", problem);
  const slugs = [...new Set(cart.lines.map((line) => line.category))];
  const codes = await db()
    .select({ slug: categories.slug, unspsc: categories.unspsc })
    .from(categories)
    .where(inArray(categories.slug, slugs));
  const unspsc = new Map(codes.map((row) => [row.slug, row.unspsc]));
  const lines: OrderMessageLine[] = cart.lines.map((line) => ({
    quantity: line.quantity,
    supplierPartId: line.partNumber,
    supplierPartAuxiliaryId: line.partNumber,
    unitPrice: fromCents(line.unitPriceCents),
    description: line.name,
    // The UN/CEFACT code of the part's unit of sale, which the quantity and the price count.
    unitOfMeasure: line.unit,
    unspsc: unspsc.get(line.category) ?? null,
    manufacturerPartId: line.partNumber,
    manufacturerName: line.brand,
    // In stock ships now; a back-ordered part takes its lead time.
    leadTimeDays: line.split && line.split.backordered > 0 ? (line.leadTimeDays ?? 0) : 0,
  }));
  // Before tax: the lines less any discount, as the order would be.
  const total = cart.totals.subtotalCents - cart.totals.discountCents;
  return { lines, total: fromCents(total), tax: fromCents(cart.totals.taxCents) };
}

/** The form that posts the cart back in cXML: its `cxml-urlencoded` field holds the PunchOutOrderMessage. */
async function cxmlTransfer(
  punchOut: PunchOutContext,
  buyer: Buyer,
  cartId: string | undefined,
  host: string,
): Promise<Transfer> {
  const { lines, total, tax } = await pricedCart(buyer, cartId);
  const message = punchOutOrderMessage(
    {
      buyerCookie: punchOut.buyerCookie,
      from: { domain: "DomainName", identity: host },
      to: { domain: punchOut.connection.domain ?? "NetworkID", identity: punchOut.connection.identity },
      total,
      tax,
      operationAllowed: "edit",
      lines,
    },
    { payloadId: newPayloadId(host) },
  );
  return { url: punchOut.returnUrl, fields: { "cxml-urlencoded": message } };
}

/** The form that posts the cart back in OCI 4.0: the NEW_ITEM-* fields of each line, numbered from 1. */
async function ociTransfer(punchOut: PunchOutContext, buyer: Buyer, cartId: string | undefined): Promise<Transfer> {
  const { lines } = await pricedCart(buyer, cartId);
  const fields: Record<string, string> = {};
  lines.forEach((line, index) => {
    const n = `[${index + 1}]`;
    Object.assign(fields, {
      [`NEW_ITEM-DESCRIPTION${n}`]: line.description.slice(0, 40),
      [`NEW_ITEM-QUANTITY${n}`]: String(line.quantity),
      [`NEW_ITEM-UNIT${n}`]: line.unitOfMeasure,
      [`NEW_ITEM-PRICE${n}`]: line.unitPrice,
      [`NEW_ITEM-PRICEUNIT${n}`]: "1",
      [`NEW_ITEM-CURRENCY${n}`]: "USD",
      [`NEW_ITEM-VENDORMAT${n}`]: line.supplierPartId,
      [`NEW_ITEM-MANUFACTMAT${n}`]: line.manufacturerPartId,
      [`NEW_ITEM-MATGROUP${n}`]: line.unspsc ?? "",
      [`NEW_ITEM-LEADTIME${n}`]: String(line.leadTimeDays),
      [`NEW_ITEM-EXT_PRODUCT_ID${n}`]: line.supplierPartAuxiliaryId,
    });
  });
  return { url: punchOut.returnUrl, fields };
}

/** The PunchOut cart as the form that posts it back, in the connection's protocol. */
export function transferOf(punchOut: PunchOutContext, buyer: Buyer, cartId: string | undefined, host: string) {
  return punchOut.connection.protocol === "oci"
    ? ociTransfer(punchOut, buyer, cartId)
    : cxmlTransfer(punchOut, buyer, cartId, host);
}
