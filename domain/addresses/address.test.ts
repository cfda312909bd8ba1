import { describe, expect, it } from "vitest";
import { type Address, addressColumns, addressFrom, formatAddress } from "./address";

const dock: Address = {
  line1: "9 Dock Rd",
  line2: "Bay 4",
  city: "Tacoma",
  state: "WA",
  zip: "98402",
  country: "United States",
};

describe("an address and its columns", () => {
  it("maps to the shipping_… or billing_… columns and back unchanged", () => {
    const columns = addressColumns("billing", dock);
    expect(columns).toEqual({
      billingAddressLine1: "9 Dock Rd",
      billingAddressLine2: "Bay 4",
      billingCity: "Tacoma",
      billingState: "WA",
      billingZip: "98402",
      billingCountry: "United States",
    });
    expect(addressFrom("billing", columns)).toEqual(dock);
  });

  it("stores a missing second line as null, and a profile never given an address has none", () => {
    expect(addressColumns("shipping", { ...dock, line2: undefined }).shippingAddressLine2).toBeNull();
    const blank = addressColumns("shipping", dock);
    expect(
      addressFrom("shipping", { ...blank, shippingAddressLine1: null, shippingCity: null, shippingZip: null }),
    ).toBeNull();
  });

  it("prints as a label: street, suite, city with state and ZIP, country", () => {
    expect(formatAddress(dock)).toEqual(["9 Dock Rd", "Bay 4", "Tacoma, WA 98402", "United States"]);
    expect(formatAddress({ ...dock, line2: undefined })).toEqual(["9 Dock Rd", "Tacoma, WA 98402", "United States"]);
  });
});
