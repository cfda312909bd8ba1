// Buyers waiting for an out-of-stock part: their requests, and the one e-mail each gets when the
// operator restocks it through the back office or an import (docs/decisions/product-page.md).
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { db, type Transaction } from "../../db/client";
import { backInStockRequests, products, user } from "../../db/schema";
import { StoreError } from "../../errors";
import { type Mail, queueMail } from "../../mail/mailer";
import { composeMail, storeUrl } from "../../mail/templates/compose";
import { listedForBuyers } from "./visibility";

export type BackInStockAnswer = "requested" | "already-requested";

/**
 * Stores the buyer's wish to hear when the part is back: only for a part on sale and out of stock.
 * One per buyer and product: asking again while waiting changes nothing; asking after the last
 * e-mail waits for the next restock.
 */
export async function requestBackInStock(userId: string, productId: string): Promise<BackInStockAnswer> {
  const [product] = await db()
    .select({ name: products.name, stockLevel: products.stockLevel })
    .from(products)
    .where(and(eq(products.id, productId), listedForBuyers(null)))
    .limit(1);
  if (!product) throw new StoreError("NotFound", "This part is not for sale, so there is nothing to wait for.");
  if (product.stockLevel > 0)
    throw new StoreError("Invalid", `${product.name} is in stock: add it to your cart instead of waiting.`);
  const stored = await db()
    .insert(backInStockRequests)
    .values({ userId, productId })
    .onConflictDoUpdate({
      target: [backInStockRequests.userId, backInStockRequests.productId],
      set: { notifiedAt: null, createdAt: sql`now()` },
      setWhere: sql`${backInStockRequests.notifiedAt} is not null`,
    })
    .returning({ id: backInStockRequests.id });
  return stored.length > 0 ? "requested" : "already-requested";
}

/** Whether the buyer waits for an e-mail about the product. */
export async function isWaitingForStock(userId: string, productId: string): Promise<boolean> {
  const waiting = await db().$count(
    backInStockRequests,
    and(
      eq(backInStockRequests.userId, userId),
      eq(backInStockRequests.productId, productId),
      isNull(backInStockRequests.notifiedAt),
    ),
  );
  return waiting > 0;
}

export function backInStockMessage(
  to: string,
  product: { name: string; partNumber: string; slug: string; stockLevel: number },
): Promise<Mail> {
  return composeMail({
    to,
    subject: `Back in stock: ${product.name} (${product.partNumber})`,
    blocks: [
      { type: "title", text: "Back in stock" },
      {
        type: "paragraph",
        text: `${product.name} (${product.partNumber}) is back in stock: ${product.stockLevel.toLocaleString("en-US")} available as we write.`,
      },
      { type: "button", label: "Order it here", href: storeUrl(`/products/${encodeURIComponent(product.slug)}`) },
      {
        type: "paragraph",
        text: "You asked us to tell you once; we will not write about this part again unless you ask.",
      },
    ],
  });
}

/**
 * In the transaction that restocked `productIds` (stock from 0 to more): queues one e-mail to each
 * buyer waiting for one of them that is on sale, and marks their request answered, so a rolled
 * back write sends nothing and a second restock nobody asked about again sends nothing either.
 */
export async function notifyBackInStock(tx: Transaction, productIds: string[]): Promise<number> {
  if (productIds.length === 0) return 0;
  const waiting = await tx
    .select({
      id: backInStockRequests.id,
      email: user.email,
      name: products.name,
      partNumber: products.partNumber,
      slug: products.slug,
      stockLevel: products.stockLevel,
    })
    .from(backInStockRequests)
    .innerJoin(products, eq(products.id, backInStockRequests.productId))
    .innerJoin(user, eq(user.id, backInStockRequests.userId))
    .where(
      and(
        inArray(backInStockRequests.productId, productIds),
        isNull(backInStockRequests.notifiedAt),
        listedForBuyers(null),
        sql`${products.stockLevel} > 0`,
      ),
    )
    .for("update", { of: backInStockRequests });
  if (waiting.length === 0) return 0;
  await tx
    .update(backInStockRequests)
    .set({ notifiedAt: new Date() })
    .where(
      inArray(
        backInStockRequests.id,
        waiting.map((request) => request.id),
      ),
    );
  for (const { email, ...product } of waiting) await queueMail(await backInStockMessage(email, product), tx);
  return waiting.length;
}
