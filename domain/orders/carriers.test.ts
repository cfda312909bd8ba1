import { describe, expect, it } from "vitest";
import { carrierOptions, normalTrackingNumber, trackingNumberProblem, trackingUrl } from "./carriers";

describe("carriers", () => {
  it("link each carrier's tracking page, and none for freight or other", () => {
    expect(trackingUrl("ups", "1Z999AA10123456784")).toBe("https://www.ups.com/track?tracknum=1Z999AA10123456784");
    expect(trackingUrl("fedex", "748923456789")).toBe("https://www.fedex.com/fedextrack/?trknbr=748923456789");
    expect(trackingUrl("usps", "9400111899223197428490")).toBe(
      "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223197428490",
    );
    expect(trackingUrl("dhl_express", "1234567890")).toBe(
      "https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id=1234567890",
    );
    expect(trackingUrl("ontrac", "C11111111111111")).toBe("https://www.ontrac.com/tracking/?number=C11111111111111");
    expect(trackingUrl("freight_ltl", "PRO12345")).toBeUndefined();
    expect(trackingUrl("other", "ABC")).toBeUndefined();
    expect(trackingUrl("ups", null)).toBeUndefined();
  });

  it("offers UPS, FedEx, USPS, DHL Express, OnTrac, Freight/LTL and Other", () => {
    expect(carrierOptions.map((option) => option.label)).toEqual([
      "UPS",
      "FedEx",
      "USPS",
      "DHL Express",
      "OnTrac",
      "Freight/LTL",
      "Other",
    ]);
  });

  it("reads a number as printed, without spaces or dashes, upper-case", () => {
    expect(normalTrackingNumber(" 1z 999-aa1 0123456784 ")).toBe("1Z999AA10123456784");
  });

  it("checks a number's shape loosely per carrier, saying what it expected", () => {
    expect(trackingNumberProblem("ups", "1Z999AA10123456784")).toBeUndefined();
    expect(trackingNumberProblem("ups", "1Z999")).toBe(
      "This does not look like a UPS tracking number: expected 1Z and 16 letters or digits, e.g. 1Z999AA10123456784. Check it, or choose another carrier.",
    );
    expect(trackingNumberProblem("fedex", "748923456789")).toBeUndefined();
    expect(trackingNumberProblem("fedex", "1Z999AA10123456784")).toMatch(/not look like a FedEx/);
    expect(trackingNumberProblem("usps", "9400111899223197428490")).toBeUndefined();
    expect(trackingNumberProblem("usps", "EC123456789US")).toBeUndefined();
    expect(trackingNumberProblem("dhl_express", "1234567890")).toBeUndefined();
    expect(trackingNumberProblem("dhl_express", "12345")).toMatch(/10 digits/);
    expect(trackingNumberProblem("ontrac", "D10011234567890")).toBeUndefined();
    expect(trackingNumberProblem("ups", "")).toBe("Enter the UPS tracking number");
    expect(trackingNumberProblem("other", "")).toBeUndefined();
    expect(trackingNumberProblem("freight_ltl", "PRO12345")).toBeUndefined();
    expect(trackingNumberProblem("other", "<SCRIPT>")).toBe(
      "Use only letters and digits (spaces and dashes are left out)",
    );
    expect(trackingNumberProblem("other", "9".repeat(41))).toBe("Use at most 40 characters");
  });
});
