import { describe, expect, it } from "vitest";
import { shipmentSchema } from "./shipping";

describe("shipmentSchema", () => {
  it("requires one of the carriers", () => {
    expect(shipmentSchema.safeParse({}).error?.issues[0]?.message).toBe("Choose the carrier");
    expect(shipmentSchema.safeParse({ carrier: "DHL" }).success).toBe(false);
  });

  it("keeps the tracking number optional, upper-cased with single spaces", () => {
    expect(shipmentSchema.parse({ carrier: "UPS" })).toEqual({ carrier: "UPS", trackingNumber: null });
    expect(shipmentSchema.parse({ carrier: "UPS", trackingNumber: "" })).toEqual({
      carrier: "UPS",
      trackingNumber: null,
    });
    expect(shipmentSchema.parse({ carrier: "Freight/LTL", trackingNumber: " pro  12-345 " }).trackingNumber).toBe(
      "PRO 12-345",
    );
  });

  it("refuses other characters and more than 40 of them", () => {
    expect(shipmentSchema.safeParse({ carrier: "USPS", trackingNumber: "<script>" }).error?.issues[0]?.message).toBe(
      "Use only letters, digits, spaces and dashes",
    );
    expect(shipmentSchema.safeParse({ carrier: "USPS", trackingNumber: "9".repeat(41) }).success).toBe(false);
  });
});
