// The catalogue's pages are one document for everyone: two buyers of different companies (their
// own names, carts and Net terms) and a visitor get the same bytes for the product, category and
// search pages, served from the page cache whoever rendered them first; only each buyer's own
// request (GET /api/cart, never cached) says who they are and what is in their cart
// (docs/decisions/buyers-pages.md).
import { asc, eq, gte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyMembers, contractPrices, products, user } from "../server/db/schema";
import { approveTerms } from "../server/terms/grants";
import { fillCart, signedUpBuyer } from "./store-fixtures";
import { client, type StoreProcess, storeProcess } from "./store-process";

type Client = ReturnType<typeof client>;

const companies = [
  {
    email: "marguerite@okafor-hydraulics.example",
    firstName: "Marguerite",
    lastName: "Okafor",
    companyName: "Okafor Hydraulics",
    termsDays: 60,
    creditLimit: "7350",
    quantity: 3,
    contractPrice: "10.37",
  },
  {
    email: "thaddeus@lindqvist-marine.example",
    firstName: "Thaddeus",
    lastName: "Lindqvist",
    companyName: "Lindqvist Marine",
    termsDays: 90,
    creditLimit: "12480",
    quantity: 7,
    contractPrice: "11.43",
  },
] as const;

/** Everything of a buyer that is theirs alone and must never be in a shared page. */
const personalWords = companies.flatMap((buyer) => [
  buyer.email,
  buyer.firstName,
  buyer.lastName,
  buyer.companyName,
  `Net ${buyer.termsDays}`,
  "7,350",
  "12,480",
  // Their company's contract price of the grinding wheel (list $12.99), which its members see on these pages.
  buyer.contractPrice,
]);

const WHEEL_AND_DISC = "GW-45-001,FD-80-001";

const PAGES = [
  "/products/grinding-wheel-4-5-in-gw-45-001",
  "/category/abrasives/grinding-wheels",
  `/search?q=${encodeURIComponent("grinding wheel")}`,
  "/products/grinding-wheel-4-5-in-gw-45-001.data",
  "/category/abrasives/grinding-wheels.data",
];

const WHEEL = "GW-45-001";

const admin = { email: "terms-admin@example.com", password: "terms-admin-password" };
let store: StoreProcess;
let partNumbers: string[] = [];
const buyers: Client[] = [];
let visitor: Client;

beforeAll(async () => {
  store = await storeProcess({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
  await store.prepare(async (handle) => {
    const rows = await handle.db
      .select({ partNumber: products.partNumber })
      .from(products)
      .where(gte(products.stockLevel, 10))
      .orderBy(asc(products.partNumber))
      .limit(2);
    partNumbers = rows.map((row) => row.partNumber);
    const [granting] = await handle.db.select({ id: user.id }).from(user).where(eq(user.email, admin.email));
    for (const [index, company] of companies.entries()) {
      const buyer = await signedUpBuyer(company.email, company);
      const [member] = await handle.db
        .select({ companyId: companyMembers.companyId })
        .from(companyMembers)
        .where(eq(companyMembers.userId, buyer.id));
      await approveTerms(granting?.id ?? "", member?.companyId ?? "", company.creditLimit, {
        termsDays: company.termsDays,
      });
      await fillCart(buyer, [[partNumbers[index] ?? "", company.quantity]]);
      const [wheel] = await handle.db.select({ id: products.id }).from(products).where(eq(products.partNumber, WHEEL));
      await handle.db.insert(contractPrices).values({
        companyId: member?.companyId ?? "",
        productId: wheel?.id,
        price: company.contractPrice,
        startsOn: "2000-01-01",
      });
    }
  });
  await store.start();
  for (const company of companies) {
    const buyer = client(store);
    const signedIn = await buyer.post("/auth", {
      intent: "sign-in",
      email: company.email,
      password: "hunter22",
      redirectTo: "/",
    });
    expect(signedIn.status).toBe(302);
    expect(buyer.cookieNames().some((name) => name.endsWith("session_token"))).toBe(true);
    // The sign-in's toast, shown once by the next page (rendered for this browser alone).
    const welcome = await buyer.get("/");
    expect(welcome.headers.get("cache-control")).toBe("private, no-store");
    expect(buyer.cookieNames()).not.toContain("toast");
    buyers.push(buyer);
  }
  visitor = client(store);
}, 180_000); // a start of the store, two sign-ups and sign-ins

afterAll(async () => {
  await store?.remove();
});

/** The page's text with this answer's CSP nonce (the one part that differs on every answer) blanked. */
async function sharedText(response: Response): Promise<string> {
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  const text = await response.text();
  return nonce ? text.replaceAll(nonce, "NONCE") : text;
}

describe("two buyers of different companies and a visitor", () => {
  it("get the same product, category and search pages, naming none of them, from the shared cache", async () => {
    for (const [index, page] of PAGES.entries()) {
      // Whoever comes first renders the page: each of the three in turn.
      const askers = [visitor, ...buyers];
      const order = [...askers.slice(index % 3), ...askers.slice(0, index % 3)];
      const answers = new Map<Client, Response>();
      for (const asker of order) answers.set(asker, await asker.get(page));
      const texts = new Map<Client, string>();
      for (const [asker, answer] of answers) {
        expect(answer.status, page).toBe(200);
        expect(answer.headers.get("cache-control"), page).toMatch(/^public, max-age=300/);
        expect(answer.headers.get("set-cookie"), page).toBeNull();
        texts.set(asker, await sharedText(answer));
      }
      const [first, second, third] = order.map((asker) => answers.get(asker));
      expect(first?.headers.get("x-page-cache"), page).toBeNull();
      expect(second?.headers.get("x-page-cache"), page).toBe("hit");
      expect(third?.headers.get("x-page-cache"), page).toBe("hit");
      const visitorText = texts.get(visitor) ?? "";
      expect(visitorText.length).toBeGreaterThan(500);
      for (const buyer of buyers) expect(texts.get(buyer), page).toBe(visitorText);
      for (const word of personalWords) expect(visitorText, `${page} names ${word}`).not.toContain(word);
    }
  });

  it("get the compare page with list prices only: the visitor's from the shared cache, each buyer's never cached", async () => {
    for (const page of [`/compare?parts=${WHEEL_AND_DISC}`, `/compare.data?parts=${WHEEL_AND_DISC}`]) {
      const shared = await visitor.get(page);
      expect(shared.status, page).toBe(200);
      expect(shared.headers.get("cache-control"), page).toMatch(/^public, max-age=300/);
      const sharedText = await shared.text();
      expect(sharedText, page).toContain("12.99");
      for (const word of personalWords) expect(sharedText, `${page} names ${word}`).not.toContain(word);
      for (const buyer of buyers) {
        const own = await buyer.get(page);
        expect(own.status, page).toBe(200);
        // Rendered for the buyer (the header names them), so no cache keeps it; the contract price
        // still comes only from their own GET /api/prices, after the page loads.
        expect(own.headers.get("cache-control"), page).toBe("private, no-store");
        expect(own.headers.get("x-page-cache"), page).toBeNull();
        const text = await own.text();
        expect(text, page).toContain("12.99");
        for (const company of companies) expect(text, page).not.toContain(company.contractPrice);
      }
    }
  });

  it("get the same search suggestions, with list prices only, cached for everyone", async () => {
    const suggest = `/api/search/suggest?q=${encodeURIComponent("grinding wheel")}`;
    const texts: string[] = [];
    for (const asker of [...buyers, visitor]) {
      const answer = await asker.get(suggest);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("cache-control")).toMatch(/^public, max-age=300/);
      expect(answer.headers.get("set-cookie")).toBeNull();
      texts.push(await answer.text());
    }
    expect(texts[0]).toContain(WHEEL);
    expect(texts[0]).toContain('"price":"12.99"');
    expect(new Set(texts).size).toBe(1);
    for (const word of personalWords) expect(texts[0], `suggestions name ${word}`).not.toContain(word);
  });

  it("each see their own company's price on their saved list, and cannot open the other's", async () => {
    const listIds: string[] = [];
    for (const buyer of buyers) {
      const made = await buyer.post("/account/lists", { name: "Shop floor", lines: `${WHEEL}, 2` });
      expect(made.status).toBe(302);
      const listId = /\/account\/lists\/([\w-]+)/.exec(made.headers.get("location") ?? "")?.[1];
      expect(listId).toBeTruthy();
      listIds.push(listId ?? "");
    }
    for (const [index, buyer] of buyers.entries()) {
      const own = await buyer.get(`/account/lists/${listIds[index]}`);
      expect(own.status).toBe(200);
      expect(own.headers.get("cache-control")).toBe("private, no-store");
      const text = await own.text();
      expect(text).toContain(`$${companies[index]?.contractPrice}`);
      expect(text).toContain("List price");
      expect(text).not.toContain(companies[1 - index]?.contractPrice);
      const others = await buyer.get(`/account/lists/${listIds[1 - index]}`);
      expect(others.status).toBe(404);
      expect(others.headers.get("cache-control")).toBe("private, no-store");
      const refused = await others.text();
      expect(refused).not.toContain(companies[1 - index]?.contractPrice);
      // The page's own answer, with the way back: not the store's bare 404.
      expect(refused).toContain("List not found");
      expect(refused).toContain("Back to Saved Lists");
    }
    const nobody = await visitor.get(`/account/lists/${listIds[0]}`);
    expect(nobody.status).toBe(302);
  });

  it("each get only their own name and cart from their own request, which no cache keeps", async () => {
    for (const [index, buyer] of buyers.entries()) {
      const own = await buyer.get("/api/cart");
      expect(own.status).toBe(200);
      expect(own.headers.get("cache-control")).toBe("private, no-store");
      const text = await own.text();
      const company = companies[index];
      const other = companies[1 - index];
      expect(JSON.parse(text)).toMatchObject({
        user: { email: company?.email, name: `${company?.firstName} ${company?.lastName}`, isAdmin: false },
        cart: {
          count: company?.quantity,
          lines: [{ partNumber: partNumbers[index], quantity: company?.quantity }],
        },
      });
      for (const word of [other?.email, other?.firstName, other?.companyName, partNumbers[1 - index]])
        expect(text).not.toContain(word);
    }
    const nobody = await visitor.get("/api/cart");
    expect(nobody.headers.get("cache-control")).toBe("private, no-store");
    expect(await nobody.json()).toMatchObject({ user: null, cart: { count: 0, lines: [] } });
  });

  it("each get only their own company's contract price from their own request; a visitor none", async () => {
    for (const [index, buyer] of buyers.entries()) {
      const own = await buyer.get(`/api/prices?parts=${WHEEL},${partNumbers.join(",")}`);
      expect(own.status).toBe(200);
      expect(own.headers.get("cache-control")).toBe("private, no-store");
      const text = await own.text();
      expect(JSON.parse(text)).toEqual({
        prices: { [WHEEL]: { price: companies[index]?.contractPrice, listPrice: "12.99" } },
      });
      expect(text).not.toContain(companies[1 - index]?.contractPrice);
    }
    const nobody = await visitor.get(`/api/prices?parts=${WHEEL}`);
    expect(nobody.status).toBe(401);
    expect(nobody.headers.get("cache-control")).toBe("private, no-store");
    expect(await nobody.json()).toEqual({ prices: {}, message: "Sign in to see your prices." });
    const tooMany = await buyers[0]?.get(
      `/api/prices?parts=${Array.from({ length: 61 }, (_, i) => `P-${i}`).join(",")}`,
    );
    expect(tooMany?.status).toBe(400);
  });

  it("still get their own account page rendered for them, never from a cache", async () => {
    for (const [index, buyer] of buyers.entries()) {
      const account = await buyer.get("/account");
      expect(account.status).toBe(200);
      expect(account.headers.get("cache-control")).toBe("private, no-store");
      expect(account.headers.get("x-page-cache")).toBeNull();
      expect(await account.text()).toContain(companies[index]?.companyName);
    }
  });
});
