import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Address } from "./address";
import {
  addsAsDefault,
  chosenShipToId,
  defaultAfterRemoving,
  NEW_SHIP_TO,
  shipToChoiceFields,
  shipToSchema,
  shipToToSave,
} from "./address-book";

const address: Address = {
  line1: "2200 Harbor Way",
  line2: undefined,
  city: "Seattle",
  state: "WA",
  zip: "98101",
  country: "United States",
};

describe("the default ship-to", () => {
  it("is the first address added, and any later one asked to be", () => {
    expect(addsAsDefault(0, false)).toBe(true);
    expect(addsAsDefault(1, false)).toBe(false);
    expect(addsAsDefault(3, true)).toBe(true);
  });

  it("passes to the oldest remaining address when the default is deleted", () => {
    const book = [
      { id: "a", isDefault: false },
      { id: "b", isDefault: true },
      { id: "c", isDefault: false },
    ];
    expect(defaultAfterRemoving(book, "b")).toBe("a");
    expect(defaultAfterRemoving(book, "a")).toBeUndefined();
    expect(defaultAfterRemoving([{ id: "b", isDefault: true }], "b")).toBeUndefined();
    expect(defaultAfterRemoving(book, "not-there")).toBeUndefined();
  });
});

describe("the ship-to form", () => {
  it("needs a label of at most 60 characters and a whole address", () => {
    const result = shipToSchema.safeParse({ label: "", shipping: {} });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "Label is required",
      "Address is required",
      "City is required",
      "State is required",
      "ZIP code must be at least 5 characters",
    ]);
    expect(shipToSchema.safeParse({ label: "x".repeat(61), shipping: address }).error?.issues[0]?.message).toBe(
      "Use at most 60 characters",
    );
    expect(shipToSchema.parse({ label: " Dock 4 ", shipping: address, makeDefault: "on" })).toEqual({
      label: "Dock 4",
      shipping: address,
      makeDefault: true,
    });
  });
});

describe("the checkout's ship-to choice", () => {
  const choice = (fields: Record<string, unknown>) => z.object(shipToChoiceFields).parse(fields);

  it("names a saved address by its id, or none for a new address", () => {
    expect(chosenShipToId(choice({ shipTo: "7b0c9a52-3f1e-4c57-9a43-0d8f6a1f2e11" }))).toBe(
      "7b0c9a52-3f1e-4c57-9a43-0d8f6a1f2e11",
    );
    expect(chosenShipToId(choice({ shipTo: NEW_SHIP_TO }))).toBeUndefined();
    expect(chosenShipToId(choice({}))).toBeUndefined();
  });

  it("saves a new address only when asked, labelled by its first line when no label is given", () => {
    expect(shipToToSave(choice({ shipTo: NEW_SHIP_TO }), address)).toBeUndefined();
    expect(shipToToSave(choice({ shipTo: NEW_SHIP_TO, saveShipTo: "on", shipToLabel: "Dock 4" }), address)).toEqual({
      label: "Dock 4",
      address,
    });
    expect(shipToToSave(choice({ saveShipTo: "on", shipToLabel: "  " }), address)).toEqual({
      label: "2200 Harbor Way",
      address,
    });
    // A saved address chosen is never saved again.
    expect(
      shipToToSave(choice({ shipTo: "7b0c9a52-3f1e-4c57-9a43-0d8f6a1f2e11", saveShipTo: "on" }), address),
    ).toBeUndefined();
  });
});
