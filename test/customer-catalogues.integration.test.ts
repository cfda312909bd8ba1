// The page cache never gives one company's catalogue to another, nor to a visitor: Acme sees only
// the flap discs and one grinding wheel; Rival (no catalogue) and a visitor see every part. Each
// asks the same URLs in turn, three times, so pages come from a render, from the cache and from
// the fast path before Hono (server/cache-hits.ts) (docs/decisions/customer-catalogues.md).
import { and, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerCatalogueFormSchema } from "../domain/companies/customer-catalogue";
import { saveCompanyCatalogue } from "../server/companies/customer-catalogues";
import { companies, companyMembers, products, user } from "../server/db/schema";
import { signedUpBuyer } from "./store-fixtures";
import { client, type StoreProcess, storeProcess } from "./store-process";

type Client = ReturnType<typeof client>;

const WHEEL = "GW-45-001";
const admin = { email: "catalogue-admin@example.com", password: "catalogue-admin-password" };
const people = [
  { email: "ines@acme-pumps.example", companyName: "Acme Pumps" },
  { email: "omar@rival-valves.example", companyName: "Rival Valves" },
] as const;

let store: StoreProcess;
/** A grinding wheel outside Acme's catalogue. */
let other = { partNumber: "", slug: "" };
let acme: Client;
let rival: Client;
let visitor: Client;

beforeAll(async () => {
  store = await storeProcess({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
  await store.prepare(async (handle) => {
    for (const person of people) await signedUpBuyer(person.email, { companyName: person.companyName });
    const [wheel] = await handle.db
      .select({ partNumber: products.partNumber, slug: products.slug })
      .from(products)
      .where(
        and(eq(products.subcategory, "grinding-wheels"), eq(products.status, "active"), ne(products.partNumber, WHEEL)),
      )
      .limit(1);
    other = wheel ?? other;
    const [account] = await handle.db
      .select({ accountNumber: companies.accountNumber })
      .from(user)
      .innerJoin(companyMembers, eq(companyMembers.userId, user.id))
      .innerJoin(companies, eq(companies.id, companyMembers.companyId))
      .where(eq(user.email, people[0].email));
    const [storeAdmin] = await handle.db.select({ id: user.id }).from(user).where(eq(user.email, admin.email));
    await saveCompanyCatalogue(
      storeAdmin?.id ?? "",
      account?.accountNumber ?? "",
      customerCatalogueFormSchema.parse({ categories: "flap-discs", included: WHEEL }),
    );
  });
  await store.start();
  const signedIn: Client[] = [];
  for (const person of people) {
    const buyer = client(store);
    const answer = await buyer.post("/auth", {
      intent: "sign-in",
      email: person.email,
      password: "hunter22",
      redirectTo: "/",
    });
    expect(answer.status).toBe(302);
    // The sign-in's toast, shown once by the next page.
    await buyer.get("/");
    signedIn.push(buyer);
  }
  [acme, rival] = signedIn as [Client, Client];
  visitor = client(store);
}, 180_000);

afterAll(async () => {
  await store?.remove();
});

/** The answer's text with its CSP nonce blanked. */
async function textOf(response: Response): Promise<string> {
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  const text = await response.text();
  return nonce ? text.replaceAll(nonce, "NONCE") : text;
}

/** The grinding wheels' part numbers a page names. */
const wheelsIn = (text = "") => [...new Set(text.match(/\bGW-\d[\w-]*/g))].sort();

const LISTED = [
  "/category/abrasives/grinding-wheels",
  "/category/abrasives/grinding-wheels.data",
  `/search?q=${encodeURIComponent("grinding wheel")}`,
  `/api/search/suggest?q=${encodeURIComponent("grinding wheel")}`,
];

describe("a company with a catalogue, another company and a visitor asking the same URLs", () => {
  it("each get their own listing, search and suggestions, whoever asked first, from the cache", async () => {
    for (const [index, page] of LISTED.entries()) {
      const askers = [acme, rival, visitor];
      const order = [...askers.slice(index % 3), ...askers.slice(0, index % 3)];
      const texts = new Map<Client, string[]>();
      const hits = new Map<Client, (string | null)[]>();
      for (let round = 0; round < 3; round += 1)
        for (const asker of order) {
          const answer = await asker.get(page);
          expect(answer.status, page).toBe(200);
          texts.set(asker, [...(texts.get(asker) ?? []), await textOf(answer)]);
          hits.set(asker, [...(hits.get(asker) ?? []), answer.headers.get("x-page-cache")]);
        }
      for (const asker of askers) {
        // Every answer of one asker the same, the later ones kept.
        expect(new Set(texts.get(asker)).size, page).toBe(1);
        expect(
          hits
            .get(asker)
            ?.slice(1)
            .every((hit) => hit === "hit" || hit === null),
        ).toBe(true);
      }
      const [own] = texts.get(acme) ?? [];
      const [theirs] = texts.get(rival) ?? [];
      const [everyone] = texts.get(visitor) ?? [];
      expect(own, page).toContain(WHEEL);
      expect(wheelsIn(own), page).toEqual([WHEEL]);
      expect(wheelsIn(theirs).length, page).toBeGreaterThan(1);
      expect(theirs, page).toBe(everyone);
    }
  });

  it("find a product outside the catalogue missing for the company alone", async () => {
    const page = `/products/${other.slug}`;
    for (let round = 0; round < 2; round += 1) {
      expect((await visitor.get(page)).status).toBe(200);
      expect((await acme.get(page)).status).toBe(404);
      expect((await rival.get(page)).status).toBe(200);
    }
  });
});
