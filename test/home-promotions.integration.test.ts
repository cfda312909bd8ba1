// The home page's promotions quote the catalogue's prices: the cheapest flap disc a buyer can order
// now, not a figure written into the copy.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loader } from "../app/routes/home";
import { products } from "../server/db/schema";
import { insertProducts } from "./catalog-fixtures";
import { withTestDatabase } from "./database";
import { requestContext } from "./store-fixtures";

const { handle } = withTestDatabase();

const homePage = async () => {
  const request = new Request("http://store.test/");
  const answer = (await loader({ request, params: {}, context: await requestContext(null) } as never)) as unknown as {
    data: { flapDiscsFrom: string | null };
    init: { headers: Headers };
  };
  return { ...answer.data, cacheControl: answer.init.headers.get("Cache-Control") };
};

describe("the flap-disc promotion", () => {
  it("names no price while no flap disc is listed", async () => {
    expect((await homePage()).flapDiscsFrom).toBeNull();
  });

  it("quotes the cheapest flap disc listed, not a draft or discontinued one, nor another subcategory's part", async () => {
    const flapDisc = { category: "abrasives", subcategory: "flap-discs" };
    await insertProducts([
      { partNumber: "FD-1", price: "8.49", ...flapDisc },
      { partNumber: "FD-2", price: "3.49", ...flapDisc },
      { partNumber: "FD-3", price: "1.99", status: "draft", ...flapDisc },
      { partNumber: "FD-4", price: "2.49", status: "discontinued", ...flapDisc },
      { partNumber: "GW-1", price: "0.99", category: "abrasives", subcategory: "grinding-wheels" },
    ]);
    const page = await homePage();
    expect(page.flapDiscsFrom).toBe("3.49");
    // A shared catalogue page: kept (and revalidated by its ETag) with the price it shows.
    expect(page.cacheControl).toMatch(/^public/);
    await handle().db.update(products).set({ price: "2.99" }).where(eq(products.partNumber, "FD-1"));
    expect((await homePage()).flapDiscsFrom).toBe("2.99");
  });
});
