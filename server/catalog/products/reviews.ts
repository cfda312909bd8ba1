// Reviews by buyers who bought the part (docs/product-rules.md, Reviews and honest figures). A
// product's rating and review_count are its shown reviews' average and count, rewritten in the same
// transaction as every change to its reviews, so listings sort and draw stars from plain columns
// (docs/decisions/reviews.md).
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { ReviewInput } from "../../../domain/reviews/review-form";
import {
  NOT_BOUGHT_MESSAGE,
  type ReviewEligibility,
  type ReviewVisibility,
  reviewableOrderStatuses,
} from "../../../domain/reviews/reviews";
import { recordAudit } from "../../admin/audit";
import { type Database, db, type Transaction } from "../../db/client";
import { orderItems, orders, productReviews, products, profiles, user } from "../../db/schema";
import { StoreError } from "../../errors";
import { announce } from "../../events";

/** Whether the buyer has an order, placed and not cancelled, with this product on it. */
async function hasBought(executor: Database | Transaction, userId: string, productId: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orderItems.productId, productId),
        inArray(orders.status, [...reviewableOrderStatuses]),
      ),
    )
    .limit(1);
  return row !== undefined;
}

const reviewFields = { rating: productReviews.rating, title: productReviews.title, body: productReviews.body };

/** What the product's Reviews tab offers this visitor, with their own review to edit if they wrote one. */
export async function reviewEligibility(
  userId: string | undefined,
  productId: string,
): Promise<{ eligibility: ReviewEligibility; own: ReviewInput | null }> {
  if (!userId) return { eligibility: "sign-in", own: null };
  const [[own], bought] = await Promise.all([
    db()
      .select(reviewFields)
      .from(productReviews)
      .where(and(eq(productReviews.productId, productId), eq(productReviews.userId, userId))),
    hasBought(db(), userId, productId),
  ]);
  if (own) return { eligibility: "reviewed", own };
  return { eligibility: bought ? "may-review" : "not-bought", own: null };
}

/**
 * Rewrites the product's rating and review_count from its shown reviews. The caller holds the
 * product's row lock, so two reviews written at once both end up counted.
 */
async function recountProduct(tx: Transaction, productId: string) {
  const shown = sql`from ${productReviews}
    where ${productReviews.productId} = ${products.id} and not ${productReviews.hidden}`;
  await tx
    .update(products)
    .set({
      reviewCount: sql`(select count(*)::int ${shown})`,
      rating: sql`coalesce((select round(avg(${productReviews.rating}), 1) ${shown}), 0)`,
    })
    .where(eq(products.id, productId));
}

async function lockProduct(tx: Transaction, productId: string) {
  const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for("update");
  if (!row) throw new StoreError("NotFound", "This product is no longer in the catalogue.");
}

/**
 * Writes the buyer's review of a product they bought; a second one replaces their first (one
 * review per buyer and product). A review an admin hid stays hidden when its author edits it.
 */
export async function writeReview(userId: string, productId: string, input: ReviewInput, now = new Date()) {
  const result = await db().transaction(async (tx) => {
    await lockProduct(tx, productId);
    if (!(await hasBought(tx, userId, productId))) throw new StoreError("Forbidden", NOT_BOUGHT_MESSAGE);
    const [row] = await tx
      .insert(productReviews)
      .values({ productId, userId, ...input, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [productReviews.productId, productReviews.userId],
        set: { ...input, updatedAt: now },
      })
      // A row the insert made has no xmax; one it updated has the updating transaction's.
      .returning({ created: sql<boolean>`(xmax = 0)` });
    await recountProduct(tx, productId);
    return { created: row?.created === true };
  });
  announce("reviewsChanged", { productIds: [productId] });
  return result;
}

export const PRODUCT_REVIEWS_SHOWN = 50;

/** The product's shown reviews, newest first, each signed with the buyer's first name and initial. */
export async function shownReviews(productId: string) {
  const rows = await db()
    .select({
      id: productReviews.id,
      rating: productReviews.rating,
      title: productReviews.title,
      body: productReviews.body,
      createdAt: productReviews.createdAt,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      name: user.name,
    })
    .from(productReviews)
    .innerJoin(user, eq(user.id, productReviews.userId))
    .leftJoin(profiles, eq(profiles.userId, productReviews.userId))
    .where(and(eq(productReviews.productId, productId), eq(productReviews.hidden, false)))
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
    .limit(PRODUCT_REVIEWS_SHOWN);
  return rows.map(({ firstName, lastName, name, createdAt, ...review }) => ({
    ...review,
    createdAt: createdAt.toISOString(),
    author: reviewerName(firstName ?? name, lastName),
  }));
}

/** The buyer's own reviews, hidden ones included, for "Download my data". */
export async function reviewsBy(userId: string) {
  return db()
    .select({
      partNumber: products.partNumber,
      productName: products.name,
      rating: productReviews.rating,
      title: productReviews.title,
      body: productReviews.body,
      createdAt: productReviews.createdAt,
      updatedAt: productReviews.updatedAt,
      hidden: productReviews.hidden,
    })
    .from(productReviews)
    .innerJoin(products, eq(products.id, productReviews.productId))
    .where(eq(productReviews.userId, userId))
    .orderBy(asc(productReviews.createdAt));
}

/** "Dana K.": enough to tell reviewers apart, not a buyer's full name on a public page. */
export function reviewerName(first: string | null, last: string | null): string {
  const given = first?.trim().split(/\s+/)[0] || "A buyer";
  const initial = last?.trim().charAt(0).toUpperCase();
  return initial ? `${given} ${initial}.` : given;
}

/** Hides a review from the storefront, or shows it again; audit-logged, the product recounted. */
export async function setReviewHidden(adminId: string, reviewId: string, hidden: boolean, now = new Date()) {
  const productId = await db().transaction(async (tx) => {
    const [found] = await tx
      .select({ productId: productReviews.productId })
      .from(productReviews)
      .where(eq(productReviews.id, reviewId));
    if (!found) throw new StoreError("NotFound", "This review no longer exists.");
    // The product first, then the review, the order writeReview takes them in, so the two never
    // wait on each other.
    await lockProduct(tx, found.productId);
    const [before] = await tx
      .select({ hidden: productReviews.hidden })
      .from(productReviews)
      .where(eq(productReviews.id, reviewId))
      .for("update");
    if (!before) throw new StoreError("NotFound", "This review no longer exists.");
    if (before.hidden === hidden) return undefined;
    await tx
      .update(productReviews)
      .set(hidden ? { hidden, hiddenBy: adminId, hiddenAt: now } : { hidden, hiddenBy: null, hiddenAt: null })
      .where(eq(productReviews.id, reviewId));
    await recountProduct(tx, found.productId);
    await recordAudit(tx, {
      adminId,
      action: hidden ? "hide_review" : "show_review",
      entity: "product_review",
      entityId: reviewId,
      before,
      after: { hidden },
    });
    return found.productId;
  });
  if (productId) announce("reviewsChanged", { productIds: [productId] });
  return { changed: productId !== undefined };
}

/**
 * Deletes a buyer's reviews and recounts their products, inside the transaction that deletes the
 * account (the rows would go with the user anyway; the counts would not follow). Returns the
 * products to announce once it commits.
 */
export async function deleteReviewsOf(tx: Transaction, userId: string): Promise<string[]> {
  const reviewed = await tx
    .select({ productId: productReviews.productId })
    .from(productReviews)
    .where(eq(productReviews.userId, userId));
  const productIds = reviewed.map((row) => row.productId).sort();
  for (const productId of productIds) await lockProduct(tx, productId);
  await tx.delete(productReviews).where(eq(productReviews.userId, userId));
  for (const productId of productIds) await recountProduct(tx, productId);
  return productIds;
}

export const ADMIN_REVIEWS_PAGE_SIZE = 50;

/** The back office's list: newest first, with the product, the buyer's e-mail and who hid it. */
export async function listReviewsForAdmin({ page, show }: { page: number; show: ReviewVisibility }) {
  const where = show === "all" ? undefined : eq(productReviews.hidden, show === "hidden");
  const [items, [total]] = await Promise.all([
    db()
      .select({
        id: productReviews.id,
        rating: productReviews.rating,
        title: productReviews.title,
        body: productReviews.body,
        createdAt: productReviews.createdAt,
        hidden: productReviews.hidden,
        hiddenAt: productReviews.hiddenAt,
        productName: products.name,
        productSlug: products.slug,
        partNumber: products.partNumber,
        buyerEmail: user.email,
      })
      .from(productReviews)
      .innerJoin(products, eq(products.id, productReviews.productId))
      .innerJoin(user, eq(user.id, productReviews.userId))
      .where(where)
      .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
      .limit(ADMIN_REVIEWS_PAGE_SIZE)
      .offset((page - 1) * ADMIN_REVIEWS_PAGE_SIZE),
    db().select({ total: count() }).from(productReviews).where(where),
  ]);
  return { items, total: total?.total ?? 0, page, pageSize: ADMIN_REVIEWS_PAGE_SIZE, show };
}
