import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { NOT_BOUGHT_MESSAGE } from "../../../domain/reviews/reviews";
import { insertProduct } from "../../../test/catalog-fixtures";
import { withTestDatabase } from "../../../test/database";
import { cardOrder, setOrderStatus, signedUpBuyer } from "../../../test/store-fixtures";
import { listAuditLog } from "../../admin/audit";
import { products, user } from "../../db/schema";
import { StoreError } from "../../errors";
import { onStoreEvent } from "../../events";
import { listCategoryProducts } from "../pages/listing";
import { searchProducts } from "../search/search";
import {
  deleteReviewsOf,
  listReviewsForAdmin,
  reviewEligibility,
  setReviewHidden,
  shownReviews,
  writeReview,
} from "./reviews";

const { handle } = withTestDatabase();
const db = () => handle().db;
let wheel = "";
let disc = "";

async function product(partNumber: string, name: string) {
  return insertProduct({ partNumber, name, stockLevel: 500 });
}

let people = 0;
/** A buyer who signed up and bought nothing yet. */
async function person(names?: { firstName: string; lastName: string }) {
  people += 1;
  return signedUpBuyer(`buyer-${people}@example.com`, names);
}

/** A buyer who paid by card for one of the part: an order placed and paid, as the checkout writes it. */
async function buyerOf(partNumber: string, names?: { firstName: string; lastName: string }) {
  const buyer = await person(names);
  const { orderNumber } = await cardOrder(buyer, [[partNumber, 1]]);
  return { id: buyer.id, orderNumber };
}

const review = (rating: number, title = "Cuts clean", body = "Lasted a whole shift on stainless.") => ({
  rating,
  title,
  body,
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof StoreError ? `${error.status} ${error.message}` : String(error)),
  );

async function counted(productId: string) {
  const [row] = await db()
    .select({ rating: products.rating, reviewCount: products.reviewCount })
    .from(products)
    .where(eq(products.id, productId));
  return row;
}

beforeAll(async () => {
  await db().insert(user).values({ id: "admin", name: "Admin", email: "admin@example.com", emailVerified: true });
  wheel = await product("GW-45-001", "Grinding Wheel 4.5 in");
  disc = await product("FD-80-001", "Flap Disc 80 Grit 4.5 in");
});

describe("reviews by buyers who bought the part", () => {
  it("lets no one review a part they did not buy, nor a guest, and counts nothing", async () => {
    const { id: stranger } = await person();
    const { id: discBuyer } = await buyerOf("FD-80-001");
    expect(await reviewEligibility(undefined, wheel)).toEqual({ eligibility: "sign-in", own: null });
    expect(await reviewEligibility(stranger, wheel)).toEqual({ eligibility: "not-bought", own: null });
    expect(await failure(writeReview(stranger, wheel, review(5)))).toBe(`403 ${NOT_BOUGHT_MESSAGE}`);
    // Having bought another part is not having bought this one.
    expect(await failure(writeReview(discBuyer, wheel, review(5)))).toBe(`403 ${NOT_BOUGHT_MESSAGE}`);
    expect(await counted(wheel)).toEqual({ rating: "0.0", reviewCount: 0 });
  });

  it("refuses a buyer whose only order of the part was cancelled", async () => {
    const { id, orderNumber } = await buyerOf("FD-80-001");
    await setOrderStatus(orderNumber, "cancelled");
    expect(await reviewEligibility(id, disc)).toMatchObject({ eligibility: "not-bought" });
    expect(await failure(writeReview(id, disc, review(1)))).toBe(`403 ${NOT_BOUGHT_MESSAGE}`);
  });

  it("counts a buyer's review on the product, its cards and search results, signed with a first name and initial", async () => {
    const heard: string[][] = [];
    const stop = onStoreEvent("reviewsChanged", ({ productIds }) => heard.push(productIds));
    const { id } = await buyerOf("GW-45-001", { firstName: "Morgan", lastName: "lee" });
    expect(await reviewEligibility(id, wheel)).toEqual({ eligibility: "may-review", own: null });
    expect(await writeReview(id, wheel, review(4))).toEqual({ created: true });
    stop();
    expect(heard).toEqual([[wheel]]);
    expect(await counted(wheel)).toEqual({ rating: "4.0", reviewCount: 1 });
    expect(await reviewEligibility(id, wheel)).toEqual({ eligibility: "reviewed", own: review(4) });
    expect(await shownReviews(wheel)).toEqual([
      expect.objectContaining({ rating: 4, title: "Cuts clean", author: "Morgan L." }),
    ]);
    const listing = await listCategoryProducts(
      { category: "abrasives", subcategory: "grinding-wheels" },
      { sort: "featured", page: 1 },
      null,
    );
    expect(listing.items.find((item) => item.id === wheel)).toMatchObject({ rating: "4.0", reviewCount: 1 });
    // The reviewed part is the more popular one now; the other still shows no count at all.
    expect(listing.items.map((item) => item.partNumber)).toEqual(["GW-45-001", "FD-80-001"]);
    expect(listing.items.find((item) => item.id === disc)).toMatchObject({ reviewCount: 0 });
    const found = await searchProducts({ q: "grinding wheel", sort: "relevance", page: 1 }, null);
    expect(found.items.find((item) => item.id === wheel)).toMatchObject({ rating: "4.0", reviewCount: 1 });
  });

  it("keeps one review per buyer and product: a second one replaces the first", async () => {
    const { id } = await buyerOf("FD-80-001");
    expect(await writeReview(id, disc, review(2, "Wore fast"))).toEqual({ created: true });
    expect(await writeReview(id, disc, review(5, "Better on steel"))).toEqual({ created: false });
    expect(await counted(disc)).toEqual({ rating: "5.0", reviewCount: 1 });
    expect((await shownReviews(disc)).map((shown) => shown.title)).toEqual(["Better on steel"]);
  });

  it("counts every review when buyers write at the same moment, the average rounded to one decimal", async () => {
    const buyers = await Promise.all([1, 2, 3].map(() => buyerOf("GW-45-001")));
    await Promise.all(buyers.map(({ id }, index) => writeReview(id, wheel, review(index === 0 ? 5 : 4))));
    // 4 (earlier) + 5 + 4 + 4 = 17 over 4 = 4.25, shown as 4.3.
    expect(await counted(wheel)).toEqual({ rating: "4.3", reviewCount: 4 });
  });

  it("takes a hidden review out of the stars and the count, audit-logged, and puts it back when shown", async () => {
    const { id } = await buyerOf("FD-80-001");
    await writeReview(id, disc, review(1, "Spam link here"));
    const before = await counted(disc);
    const [latest] = (await listReviewsForAdmin({ page: 1, show: "shown" })).items;
    expect(latest).toMatchObject({ title: "Spam link here", hidden: false });
    const reviewId = latest?.id ?? "";

    const heard: string[][] = [];
    const stop = onStoreEvent("reviewsChanged", ({ productIds }) => heard.push(productIds));
    expect(await setReviewHidden("admin", reviewId, true)).toEqual({ changed: true });
    expect(await setReviewHidden("admin", reviewId, true)).toEqual({ changed: false });
    stop();
    expect(heard).toEqual([[disc]]);
    expect(await counted(disc)).toEqual({ rating: "5.0", reviewCount: (before?.reviewCount ?? 0) - 1 });
    expect((await shownReviews(disc)).map((shown) => shown.title)).not.toContain("Spam link here");
    expect((await listReviewsForAdmin({ page: 1, show: "hidden" })).items).toEqual([
      expect.objectContaining({ id: reviewId, hidden: true, hiddenAt: expect.any(Date) }),
    ]);
    // The author editing it does not bring it back.
    await writeReview(id, disc, review(1, "Still spam"));
    expect(await counted(disc)).toMatchObject({ reviewCount: (before?.reviewCount ?? 0) - 1 });

    const [entry] = (await listAuditLog({ page: 1 })).entries;
    expect(entry).toMatchObject({
      action: "hide_review",
      entity: "product_review",
      entityId: reviewId,
      before: { hidden: false },
      after: { hidden: true },
    });

    await setReviewHidden("admin", reviewId, false);
    expect(await counted(disc)).toEqual(before);
    expect((await listAuditLog({ page: 1 })).entries[0]).toMatchObject({ action: "show_review" });
    expect(await failure(setReviewHidden("admin", "00000000-0000-4000-8000-000000000000", true))).toBe(
      "404 This review no longer exists.",
    );
  });

  it("recounts the products a deleted account had reviewed", async () => {
    const { id } = await buyerOf("FD-80-001");
    const before = await counted(disc);
    await writeReview(id, disc, review(3));
    expect((await counted(disc))?.reviewCount).toBe((before?.reviewCount ?? 0) + 1);
    const recounted = await db().transaction((tx) => deleteReviewsOf(tx, id));
    expect(recounted).toEqual([disc]);
    expect(await counted(disc)).toEqual(before);
  });
});
