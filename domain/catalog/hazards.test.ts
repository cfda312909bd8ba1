import { describe, expect, it } from "vitest";
import { type HazmatTransport, hazmatDescription, hazmatShippingNote } from "./hazards";

const aerosols: HazmatTransport = {
  unNumber: "UN1950",
  properShippingName: "Aerosols, flammable",
  hazardClass: "2.1",
  packingGroup: null,
  limitedQuantity: true,
};
const caustic: HazmatTransport = {
  unNumber: "UN1719",
  properShippingName: "Caustic alkali liquid, n.o.s. (sodium hydroxide)",
  hazardClass: "8",
  packingGroup: "II",
  limitedQuantity: false,
};

describe("how a hazardous part ships", () => {
  it("by ground only, saying when it goes as a limited quantity; anything else as usual", () => {
    expect(hazmatShippingNote(aerosols)).toBe("Ships by ground only (hazardous material, limited quantity)");
    expect(hazmatShippingNote(caustic)).toBe("Ships by ground only (hazardous material)");
    expect(hazmatShippingNote(null)).toBeUndefined();
    expect(hazmatShippingNote(undefined)).toBeUndefined();
  });

  it("described as a shipping paper writes it", () => {
    expect(hazmatDescription(aerosols)).toBe("UN1950, Aerosols, flammable, 2.1 (Limited Quantity)");
    expect(hazmatDescription(caustic)).toBe("UN1719, Caustic alkali liquid, n.o.s. (sodium hydroxide), 8, PG II");
  });
});
