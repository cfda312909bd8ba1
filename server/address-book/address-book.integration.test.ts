import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Address } from "../../domain/addresses/address";
import { MAX_SHIP_TOS, shipToLimitMessage } from "../../domain/addresses/address-book";
import { withTestDatabase } from "../../test/database";
import { asBuyer, memberOf, profileWithCompany } from "../../test/store-fixtures";
import { exportAccountData } from "../accounts/account-data";
import { shipToAddresses, user } from "../db/schema";
import { StoreError } from "../errors";
import {
  addShipTo,
  deleteShipTo,
  findShipTo,
  listShipTos,
  makeDefaultShipTo,
  shipToNotFound,
  updateShipTo,
} from "./address-book";

const { handle } = withTestDatabase();
const db = () => handle().db;

let people = 0;
async function buyer() {
  people += 1;
  const id = `book-buyer-${people}`;
  await db()
    .insert(user)
    .values({ id, name: "Dana", email: `book${people}@example.com`, emailVerified: true });
  await profileWithCompany(id);
  return id;
}

const site = (city: string, state: Address["state"]): Address => ({
  line1: `1 ${city} Yard`,
  line2: undefined,
  city,
  state,
  zip: "90001",
  country: "United States",
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof StoreError ? `${error.status} ${error.message}` : String(error)),
  );

const defaults = async (userId: string) =>
  (await listShipTos(await asBuyer({ id: userId }))).filter((shipTo) => shipTo.isDefault).map((shipTo) => shipTo.label);

describe("a buyer's address book", () => {
  it("keeps exactly one default: the first address, then the one chosen, then the oldest left", async () => {
    const dana = await buyer();
    const plant = await addShipTo(await asBuyer({ id: dana }), { label: "Plant", address: site("Austin", "TX") });
    expect(plant.isDefault).toBe(true);
    const yard = await addShipTo(await asBuyer({ id: dana }), { label: "Yard", address: site("Miami", "FL") });
    const dock = await addShipTo(await asBuyer({ id: dana }), {
      label: "Dock",
      address: site("Albany", "NY"),
      makeDefault: true,
    });
    expect(await defaults(dana)).toEqual(["Dock"]);

    await makeDefaultShipTo(await asBuyer({ id: dana }), yard.id);
    expect(await defaults(dana)).toEqual(["Yard"]);

    await deleteShipTo(await asBuyer({ id: dana }), yard.id);
    expect(await defaults(dana)).toEqual(["Plant"]);
    await deleteShipTo(await asBuyer({ id: dana }), plant.id);
    expect(await defaults(dana)).toEqual(["Dock"]);
    await deleteShipTo(await asBuyer({ id: dana }), dock.id);
    expect(await listShipTos(await asBuyer({ id: dana }))).toEqual([]);
  });

  it("edits the label and address; 'make default' makes it the default, never takes that away", async () => {
    const dana = await buyer();
    const plant = await addShipTo(await asBuyer({ id: dana }), { label: "Plant", address: site("Austin", "TX") });
    const yard = await addShipTo(await asBuyer({ id: dana }), { label: "Yard", address: site("Miami", "FL") });
    const moved = await updateShipTo(await asBuyer({ id: dana }), yard.id, {
      label: "New yard",
      address: site("Tampa", "FL"),
    });
    expect(moved).toMatchObject({ label: "New yard", address: site("Tampa", "FL"), isDefault: false });
    await updateShipTo(await asBuyer({ id: dana }), plant.id, {
      label: "Plant",
      address: site("Austin", "TX"),
      makeDefault: false,
    });
    expect(await defaults(dana)).toEqual(["Plant"]);
    await updateShipTo(await asBuyer({ id: dana }), yard.id, {
      label: "New yard",
      address: site("Tampa", "FL"),
      makeDefault: true,
    });
    expect(await defaults(dana)).toEqual(["New yard"]);
  });

  it(`holds at most ${MAX_SHIP_TOS} addresses`, async () => {
    const dana = await buyer();
    const companyId = (await memberOf(dana))?.companyId ?? "";
    await db()
      .insert(shipToAddresses)
      .values(
        Array.from({ length: MAX_SHIP_TOS }, (_, n) => ({
          userId: dana,
          companyId,
          label: `Site ${n}`,
          isDefault: n === 0,
          shippingAddressLine1: `${n} Main St`,
          shippingCity: "Austin",
          shippingState: "TX",
          shippingZip: "73301",
        })),
      );
    expect(
      await refusal(addShipTo(await asBuyer({ id: dana }), { label: "One more", address: site("Austin", "TX") })),
    ).toBe(`409 ${shipToLimitMessage}`);
    // Concurrent additions to a book one short of full: one gets the last place.
    const [first] = await listShipTos(await asBuyer({ id: dana }));
    await deleteShipTo(await asBuyer({ id: dana }), first?.id ?? "");
    const results = await Promise.all(
      [1, 2, 3].map(async (n) =>
        refusal(addShipTo(await asBuyer({ id: dana }), { label: `Race ${n}`, address: site("Austin", "TX") })),
      ),
    );
    expect(results.filter((result) => result === "ok")).toHaveLength(1);
    expect(await listShipTos(await asBuyer({ id: dana }))).toHaveLength(MAX_SHIP_TOS);
    expect(await defaults(dana)).toHaveLength(1);
  });

  it("answers another buyer's address, or an id that is none, as not found and changes nothing", async () => {
    const owner = await buyer();
    const other = await buyer();
    const plant = await addShipTo(await asBuyer({ id: owner }), { label: "Plant", address: site("Austin", "TX") });
    const notFound = `404 ${shipToNotFound}`;
    for (const id of [plant.id, "00000000-0000-4000-8000-000000000000", "not-a-uuid", "' or 1=1 --"]) {
      expect(await refusal(findShipTo(await asBuyer({ id: other }), id))).toBe(notFound);
      expect(
        await refusal(updateShipTo(await asBuyer({ id: other }), id, { label: "Mine", address: site("Miami", "FL") })),
      ).toBe(notFound);
      expect(await refusal(makeDefaultShipTo(await asBuyer({ id: other }), id))).toBe(notFound);
      expect(await refusal(deleteShipTo(await asBuyer({ id: other }), id))).toBe(notFound);
    }
    const [row] = await db().select().from(shipToAddresses).where(eq(shipToAddresses.id, plant.id));
    expect(row).toMatchObject({ userId: owner, label: "Plant", shippingCity: "Austin", isDefault: true });
    expect(await listShipTos(await asBuyer({ id: other }))).toEqual([]);
  });

  it("is in the buyer's data download, and goes with the account", async () => {
    const dana = await buyer();
    await addShipTo(await asBuyer({ id: dana }), { label: "Plant", address: site("Austin", "TX") });
    const { addressBook } = await exportAccountData(await asBuyer({ id: dana }));
    expect(addressBook).toEqual([{ label: "Plant", address: site("Austin", "TX"), isDefault: true }]);
    await db().delete(user).where(eq(user.id, dana));
    expect(await db().select().from(shipToAddresses).where(eq(shipToAddresses.userId, dana))).toEqual([]);
  });
});
