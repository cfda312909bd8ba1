// A company's own catalogue, on every path a buyer finds or buys parts by: Acme is given the flap
// discs plus one grinding wheel, less one flap disc; Rival has no catalogue and sees everything,
// as a visitor does (docs/decisions/customer-catalogues.md).
import { and, eq, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { customerCatalogueFormSchema } from "../../domain/companies/customer-catalogue";
import { quoteRequestSchema } from "../../domain/quotes/quote-request";
import { checkoutInput } from "../../test/checkout-input";
import { withTestDatabase } from "../../test/database";
import { asBuyer, type Buyer, fillCart, joinByInvitation, productId, signedUpBuyer } from "../../test/store-fixtures";
import { auth } from "../accounts/auth";
import { parseProductParams } from "../api/product-params";
import { catalogueAnswer } from "../api/products";
import { addToCart, findOrCreateCart } from "../cart/cart";
import { addPartNumbers } from "../cart/quick-order";
import { productsToCompare } from "../catalog/pages/compare";
import { listCategoryProducts } from "../catalog/pages/listing";
import { getProductBySlug } from "../catalog/pages/product";
import { findByPartNumber, searchProducts, suggestProducts } from "../catalog/search/search";
import { seedCatalogIfEmpty } from "../catalog/seed/seed";
import type { Buyer as RequestBuyer } from "../context";
import { adminAuditLog, companies, companyMembers, products } from "../db/schema";
import { StoreError } from "../errors";
import { placeOrder } from "../orders/place-order";
import { PROFILE_SHIP_TO, requestedLines } from "../quotes/requests";
import { companyCatalogue, removeCompanyCatalogue, saveCompanyCatalogue } from "./customer-catalogues";
import { sessionCatalogue } from "./session-catalogue";

const { handle } = withTestDatabase();

const WHEEL = "GW-45-001";
const DISC = "FD-80-001";
let admin: Buyer;
let acme: Buyer;
let rival: Buyer;
let acmeAccount = "";
/** A flap disc Acme's catalogue leaves out. */
let excluded = { partNumber: "", slug: "", id: "" };

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "done",
    (error: unknown) => (error instanceof StoreError ? `${error.status} ${error.message}` : String(error)),
  );

const form = (fields: Record<string, unknown>) => customerCatalogueFormSchema.parse(fields);
const listing = (buyer: RequestBuyer | null, subcategory: string) =>
  listCategoryProducts(
    { category: "abrasives", subcategory },
    { sort: "featured", page: 10 } as never,
    buyer?.catalogue ?? null,
  );
const searchFor = (buyer: RequestBuyer | null, q: string) =>
  searchProducts({ q, sort: "relevance", page: 10 } as never, buyer?.catalogue ?? null);

beforeAll(async () => {
  await seedCatalogIfEmpty(handle().db);
  admin = await signedUpBuyer("admin@store.test");
  acme = await signedUpBuyer("buyer@acme.test", { companyName: "Acme" });
  rival = await signedUpBuyer("buyer@rival.test", { companyName: "Rival" });
  const [row] = await handle()
    .db.select({ accountNumber: companies.accountNumber })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, acme.id));
  acmeAccount = row?.accountNumber ?? "";
  const [disc] = await handle()
    .db.select({ partNumber: products.partNumber, slug: products.slug, id: products.id })
    .from(products)
    .where(and(eq(products.subcategory, "flap-discs"), eq(products.status, "active"), ne(products.partNumber, DISC)))
    .limit(1);
  if (!disc) throw new Error("no second flap disc");
  excluded = disc;
  await handle().db.update(companies).set({ onTerms: true, creditLimit: "100000" });
  await saveCompanyCatalogue(
    admin.id,
    acmeAccount,
    form({ categories: "flap-discs", included: WHEEL, excluded: excluded.partNumber.toLowerCase() }),
  );
});

describe("the store admin's catalogue for a company", () => {
  it("is kept with its version, read back as written, and audit-logged", async () => {
    const { catalogue } = await companyCatalogue(acmeAccount);
    expect(catalogue).toEqual({ categories: ["flap-discs"], included: [WHEEL], excluded: [excluded.partNumber] });
    expect((await asBuyer(acme)).catalogue?.version).toBe(1);
    expect((await asBuyer(rival)).catalogue).toBeNull();
    const [entry] = await handle()
      .db.select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "customer_catalogue.save"));
    expect(entry?.before).toBeNull();
    expect(entry?.after).toEqual(catalogue);
  });

  it("refuses an unknown part or category by name, and changes nothing", async () => {
    expect(
      await refusal(
        saveCompanyCatalogue(admin.id, acmeAccount, form({ categories: "flap-discs", included: "NOPE-1" })),
      ),
    ).toBe("400 No product has the part number NOPE-1 (included parts): check the spelling or remove it.");
    expect(
      await refusal(saveCompanyCatalogue(admin.id, acmeAccount, form({ categories: ["flap-discs", "moon-rocks"] }))),
    ).toBe("400 No category or subcategory has the slug moon-rocks. Reload the page.");
    expect((await companyCatalogue(acmeAccount)).catalogue?.categories).toEqual(["flap-discs"]);
    expect((await asBuyer(acme)).catalogue?.version).toBe(1);
  });
});

describe("a member of a company with a catalogue", () => {
  it("lists only its parts, with the counts of those parts; another company and a visitor list every part", async () => {
    const buyer = await asBuyer(acme);
    const everyone = await listing(null, "flap-discs");
    const own = await listing(buyer, "flap-discs");
    expect(own.items.map((item) => item.partNumber)).not.toContain(excluded.partNumber);
    expect(own.totalInCategory).toBe(everyone.totalInCategory - 1);
    expect((await listing(buyer, "grinding-wheels")).items.map((item) => item.partNumber)).toEqual([WHEEL]);
    expect((await listing(await asBuyer(rival), "grinding-wheels")).totalInCategory).toBeGreaterThan(1);
    expect(everyone.items.map((item) => item.partNumber)).toContain(excluded.partNumber);
  });

  it("searches only its parts, and the facet counts count only those", async () => {
    const buyer = await asBuyer(acme);
    const own = await searchFor(buyer, "grinding wheel");
    expect(own.items.map((item) => item.partNumber)).toEqual([WHEEL]);
    expect(own.total).toBe(1);
    expect(own.categories).toEqual([{ value: "abrasives", total: 1 }]);
    expect(own.facets.every((facet) => facet.options.every((option) => option.count <= 1))).toBe(true);
    const theirs = await searchFor(await asBuyer(rival), "grinding wheel");
    expect(theirs.total).toBeGreaterThan(1);
    expect(await findByPartNumber(excluded.partNumber, buyer.catalogue)).toBeNull();
    expect(await findByPartNumber(excluded.partNumber, null)).toEqual({ slug: excluded.slug });
  });

  it("is suggested only its parts", async () => {
    const buyer = await asBuyer(acme);
    expect((await suggestProducts("gw-45", buyer.catalogue)).map((item) => item.partNumber)).toEqual([WHEEL]);
    expect((await suggestProducts("grinding wheel", buyer.catalogue)).map((item) => item.partNumber)).toEqual([WHEEL]);
    expect((await suggestProducts("grinding wheel", null)).length).toBeGreaterThan(1);
    expect((await suggestProducts(excluded.partNumber, buyer.catalogue)).map((item) => item.partNumber)).toEqual([]);
  });

  it("finds no product page, nor a part to compare, outside its catalogue", async () => {
    const buyer = await asBuyer(acme);
    expect(await getProductBySlug(excluded.slug, buyer.catalogue)).toBeNull();
    expect((await getProductBySlug(excluded.slug, (await asBuyer(rival)).catalogue))?.partNumber).toBe(
      excluded.partNumber,
    );
    const compared = await productsToCompare([DISC, excluded.partNumber], buyer.catalogue);
    expect(compared.products.map((product) => product.partNumber)).toEqual([DISC]);
    expect(compared.unknown).toEqual([excluded.partNumber]);
  });

  it("cannot add a part outside it to the cart, by the button or by quick order", async () => {
    const buyer = await asBuyer(acme);
    const cartId = await findOrCreateCart({ userId: acme.id });
    expect(await refusal(addToCart(cartId, excluded.id, 1, buyer.catalogue))).toBe(
      "404 That product is no longer available.",
    );
    const quick = await addPartNumbers(
      cartId,
      [
        { partNumber: excluded.partNumber, quantity: 1 },
        { partNumber: DISC, quantity: 2 },
      ],
      buyer.catalogue,
    );
    expect(quick.notFound).toEqual([excluded.partNumber]);
    expect(quick.added.map((line) => line.quantity)).toEqual([2]);
  });

  it("cannot ask a quote for a part outside it as that part", async () => {
    const buyer = await asBuyer(acme);
    const asked = quoteRequestSchema.parse({
      shipTo: PROFILE_SHIP_TO,
      source: "product",
      partNumber: excluded.partNumber,
    });
    expect(await refusal(requestedLines(buyer, asked, undefined))).toBe(
      "404 That part is not in our catalogue. Paste it with a description instead.",
    );
    const rivalAsks = await requestedLines(await asBuyer(rival), asked, undefined);
    expect(rivalAsks.map((line) => line.partNumber)).toEqual([excluded.partNumber]);
  });

  it("gets only its parts from the API, and the same query without a key gets every part", async () => {
    const buyer = await asBuyer(acme);
    const params = parseProductParams(new URLSearchParams({ q: "grinding wheel" }));
    if (!params.ok) throw new Error("bad params");
    const caller = {
      keyId: "k",
      companyId: buyer.company?.id ?? "",
      userId: acme.id,
      scopes: ["catalog:read" as const],
      buyer,
    };
    const own = await catalogueAnswer(params.value, caller);
    expect(own.items.map((item) => item.part_number)).toEqual([WHEEL]);
    expect((await catalogueAnswer(params.value, null)).total).toBeGreaterThan(1);
  });

  it("is refused at checkout a part taken out of the catalogue while in the cart, by name", async () => {
    // Put in before the admin took it out (a guest's cart, merged at sign-in, gets there too).
    const cartId = await fillCart(acme, [[excluded.partNumber, 1]]);
    const [name] = await handle().db.select({ name: products.name }).from(products).where(eq(products.id, excluded.id));
    expect(
      await refusal(
        placeOrder({
          buyer: await asBuyer(acme),
          cartId,
          checkout: checkoutInput(acme.email, { paymentMethod: "net_30" }),
        }),
      ),
    ).toBe(
      `409 ${name?.name} (${excluded.partNumber}) is not in your company's catalogue. Remove it from your cart to continue.`,
    );
    // Rival's order of the same part goes through.
    const rivalCart = await fillCart(rival, [[excluded.partNumber, 1]]);
    const placed = await placeOrder({
      buyer: await asBuyer(rival),
      cartId: rivalCart,
      checkout: checkoutInput(rival.email, { paymentMethod: "net_30" }),
    });
    expect(placed.orderNumber).toMatch(/^ORD/);
  });

  it("sees every part again once the catalogue is removed", async () => {
    await removeCompanyCatalogue(admin.id, acmeAccount);
    const buyer = await asBuyer(acme);
    expect(buyer.catalogue).toBeNull();
    expect(await getProductBySlug(excluded.slug, buyer.catalogue)).not.toBeNull();
    expect(await refusal(removeCompanyCatalogue(admin.id, acmeAccount))).toBe(
      "409 This company has no catalogue of its own: it already sees every part.",
    );
    await saveCompanyCatalogue(admin.id, acmeAccount, form({ categories: "flap-discs" }));
    expect(await productId(WHEEL)).toBeTruthy();
  });
});

describe("a person who joins a company with a catalogue", () => {
  it("is shown its catalogue on shared pages at once, not when their session's lookup expires", async () => {
    const newcomer = await signedUpBuyer("newcomer@welding.test", { companyName: "Newcomer Welding" });
    const signedIn = await auth().api.signInEmail({
      body: { email: newcomer.email, password: newcomer.password },
      asResponse: true,
    });
    const cookie = signedIn.headers.get("set-cookie")?.split(";")[0] ?? "";
    const request = () => new Request("http://store.test/category/abrasives/flap-discs", { headers: { cookie } });
    expect(await sessionCatalogue(request())).toBeNull();
    await joinByInvitation(acme, newcomer, "buyer");
    const acmeCatalogue = (await asBuyer(acme)).catalogue;
    expect(acmeCatalogue).not.toBeNull();
    expect(await sessionCatalogue(request())).toEqual(acmeCatalogue);
  });
});
