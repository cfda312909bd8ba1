import { describe, expect, it } from "vitest";
import {
  carrierRefusal,
  completesOrder,
  type ShippableLine,
  shipmentRefusal,
  shipmentSchema,
  shippingProgress,
} from "./shipments";

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
// 20 ordered: 12 taken from stock, 8 back-ordered; 5 ordered, all in stock.
const lines: ShippableLine[] = [
  {
    id: id(1),
    productSku: "GW-45-001",
    productName: "Wheel",
    quantity: 20,
    allocatedQuantity: 12,
    shippedQuantity: 0,
    cancelledQuantity: 0,
  },
  {
    id: id(2),
    productSku: "FD-80-001",
    productName: "Disc",
    quantity: 5,
    allocatedQuantity: 5,
    shippedQuantity: 0,
    cancelledQuantity: 0,
  },
];

describe("a shipment's form", () => {
  it("requires the carrier, normalises the number, checks its shape and drops lines of 0", () => {
    expect(shipmentSchema.safeParse({ lines: [] }).error?.issues[0]?.message).toBe("Choose the carrier");
    expect(
      shipmentSchema.parse({
        carrier: "ups",
        trackingNumber: "1z999aa1 0123456784",
        lines: [
          { orderItemId: id(1), quantity: "3" },
          { orderItemId: id(2), quantity: "0" },
        ],
      }),
    ).toEqual({ carrier: "ups", trackingNumber: "1Z999AA10123456784", lines: [{ orderItemId: id(1), quantity: 3 }] });
    expect(
      shipmentSchema.safeParse({ carrier: "fedex", trackingNumber: "12", lines: [] }).error?.issues[0],
    ).toMatchObject({ path: ["trackingNumber"], message: expect.stringMatching(/FedEx/) });
    expect(shipmentSchema.parse({ carrier: "other", trackingNumber: "" }).trackingNumber).toBeNull();
    expect(
      shipmentSchema.safeParse({ carrier: "other", lines: [{ orderItemId: id(1), quantity: "1.5" }] }).error?.issues[0]
        ?.message,
    ).toBe("Enter a whole number");
  });
});

describe("what a shipment may carry", () => {
  it("ships what is in stock for the order, in parts", () => {
    expect(shipmentRefusal(lines, [{ orderItemId: id(1), quantity: 12 }])).toBeUndefined();
    expect(completesOrder(lines, [{ orderItemId: id(1), quantity: 12 }])).toBe(false);
  });

  it("refuses more than was ordered, more than is left, and a back-order not in stock, saying how many may ship", () => {
    expect(shipmentRefusal(lines, [{ orderItemId: id(2), quantity: 6 }])).toBe(
      "FD-80-001: 5 ordered and 0 shipped, so 5 are left to ship. Ship 5 or fewer.",
    );
    expect(shipmentRefusal(lines, [{ orderItemId: id(1), quantity: 13 }])).toBe(
      "GW-45-001: only 12 of the 20 left to ship are in stock; the rest are back-ordered. Ship 12 or fewer, or wait for the back-order.",
    );
    const shipped = lines.map((line) => ({ ...line, shippedQuantity: line.allocatedQuantity }));
    expect(shipmentRefusal(shipped, [{ orderItemId: id(2), quantity: 1 }])).toBe(
      "FD-80-001: all 5 ordered have shipped already.",
    );
    expect(shipmentRefusal(lines, [])).toBe("Enter a quantity to ship for at least one line.");
    expect(shipmentRefusal(lines, [{ orderItemId: id(9), quantity: 1 }])).toBe(
      "Reload the order: a line of this shipment is not one of the order's.",
    );
  });

  it("completes the order when every line has shipped in full", () => {
    const inStock = lines.map((line) => ({ ...line, allocatedQuantity: line.quantity }));
    const all = inStock.map((line) => ({ orderItemId: line.id, quantity: line.quantity }));
    expect(completesOrder(inStock, all)).toBe(true);
    expect(shippingProgress(lines)).toBe("none");
    expect(shippingProgress([{ quantity: 5, shippedQuantity: 2, cancelledQuantity: 0 }])).toBe("partial");
    expect(shippingProgress([{ quantity: 5, shippedQuantity: 5, cancelledQuantity: 0 }])).toBe("all");
    // What was cancelled is never to ship: the rest shipped is all of it.
    expect(shippingProgress([{ quantity: 5, shippedQuantity: 3, cancelledQuantity: 2 }])).toBe("all");
    const cancelledTwo = [{ ...inStock[1], allocatedQuantity: 3, cancelledQuantity: 2 } as ShippableLine];
    expect(completesOrder(cancelledTwo, [{ orderItemId: id(2), quantity: 3 }])).toBe(true);
    expect(shipmentRefusal(cancelledTwo, [{ orderItemId: id(2), quantity: 4 }])).toBe(
      "FD-80-001: 3 ordered (2 cancelled) and 0 shipped, so 3 are left to ship. Ship 3 or fewer.",
    );
  });
});

describe("a hazardous material's shipment", () => {
  const aerosol: ShippableLine = {
    id: id(3),
    productSku: "AER-100001",
    productName: "Penetrating Oil Aerosol, 11 oz",
    quantity: 12,
    allocatedQuantity: 12,
    shippedQuantity: 0,
    cancelledQuantity: 0,
    groundOnly: true,
  };
  const withAerosol = [...lines, aerosol];
  const shipment = (carrier: "ups" | "dhl_express", ...ids: string[]) => ({
    carrier,
    trackingNumber: null,
    lines: ids.map((orderItemId) => ({ orderItemId, quantity: 1 })),
  });

  it("goes by ground: a carrier that flies every parcel is refused, naming the part and what to do", () => {
    expect(carrierRefusal(withAerosol, shipment("dhl_express", id(2), id(3)))).toBe(
      "AER-100001 ships by ground only (hazardous material), and DHL Express carries parcels by air. Ship it by a ground service (UPS, FedEx or USPS ground, OnTrac, Freight/LTL).",
    );
    expect(carrierRefusal(withAerosol, shipment("ups", id(3)))).toBeUndefined();
  });

  it("leaves the other parts of the order free to fly", () => {
    expect(carrierRefusal(withAerosol, shipment("dhl_express", id(1), id(2)))).toBeUndefined();
  });
});
