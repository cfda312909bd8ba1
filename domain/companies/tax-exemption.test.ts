import { describe, expect, it } from "vitest";
import {
  certificateSchema,
  type ExemptionCertificate,
  exemptionFor,
  exemptionLine,
  expiredOnUpload,
  orderExemptionLine,
  reminderDue,
} from "./tax-exemption";

const texas: ExemptionCertificate = {
  state: "TX",
  certificateNumber: "TX-1234567",
  expiresOn: "2027-03-31",
  status: "approved",
};

// The store's zone is America/New_York: in March 2027 (daylight time) midnight there is 04:00 UTC.
const at = (iso: string) => new Date(iso);

describe("exemptionFor: the one rule that takes the tax off an order", () => {
  it("exempts an order shipped to the certificate's state", () => {
    expect(exemptionFor([texas], "TX", at("2027-01-10T15:00:00Z"))).toEqual({
      state: "TX",
      certificateNumber: "TX-1234567",
    });
  });

  it("taxes an order shipped to another state", () => {
    expect(exemptionFor([texas], "CA", at("2027-01-10T15:00:00Z"))).toBeNull();
  });

  it.each([" tx ", "tx"])("reads the state %j as the form sends it", (state) => {
    expect(exemptionFor([texas], state, at("2027-01-10T15:00:00Z"))?.certificateNumber).toBe("TX-1234567");
  });

  it.each([undefined, null, ""])("has no exemption without a shipping state (%j)", (state) => {
    expect(exemptionFor([texas], state, at("2027-01-10T15:00:00Z"))).toBeNull();
  });

  it.each(["pending", "rejected"] as const)("does not exempt with a %s certificate", (status) => {
    expect(exemptionFor([{ ...texas, status }], "TX", at("2027-01-10T15:00:00Z"))).toBeNull();
  });

  it("holds through the whole expiry day in the store's time zone, and not a millisecond more", () => {
    // 23:59:59.999 on March 31 in New York is 03:59:59.999 UTC on April 1.
    expect(exemptionFor([texas], "TX", at("2027-04-01T03:59:59.999Z"))).not.toBeNull();
    expect(exemptionFor([texas], "TX", at("2027-04-01T04:00:00.000Z"))).toBeNull();
  });

  it("ends by the store's day, not the server's: already April 1 in UTC, still March 31 in New York", () => {
    expect(exemptionFor([texas], "TX", at("2027-04-01T02:00:00Z"))).not.toBeNull();
  });

  it("takes the certificate that holds longest when a renewal was approved beside the old one", () => {
    const renewed = { ...texas, certificateNumber: "TX-7654321", expiresOn: "2029-03-31" };
    expect(exemptionFor([texas, renewed], "TX", at("2027-01-10T15:00:00Z"))?.certificateNumber).toBe("TX-7654321");
    expect(exemptionFor([renewed, texas], "TX", at("2027-01-10T15:00:00Z"))?.certificateNumber).toBe("TX-7654321");
  });

  it("says why no tax is charged, with the number and the state's name", () => {
    expect(exemptionLine({ state: "TX", certificateNumber: "TX-1234567" })).toBe(
      "Tax exempt: certificate TX-1234567 (Texas)",
    );
    expect(orderExemptionLine({ taxExemptCertificate: "TX-1234567", shippingState: "TX" })).toBe(
      "Tax exempt: certificate TX-1234567 (Texas)",
    );
    expect(orderExemptionLine({ taxExemptCertificate: null, shippingState: "TX" })).toBeNull();
  });
});

describe("the expiry reminder", () => {
  it.each([
    ["31 days before: not yet", "2027-02-28T15:00:00Z", false],
    ["30 days before", "2027-03-01T15:00:00Z", true],
    ["on the last day", "2027-03-31T15:00:00Z", true],
    ["after expiry", "2027-04-01T15:00:00Z", false],
  ])("%s", (_, now, due) => {
    expect(reminderDue(texas, at(now))).toBe(due);
  });

  it("comes as many days before as the store admin set", () => {
    expect(reminderDue(texas, at("2027-03-01T15:00:00Z"), 7)).toBe(false);
    expect(reminderDue(texas, at("2027-03-24T15:00:00Z"), 7)).toBe(true);
  });

  it("is not due for a certificate that is not approved", () => {
    expect(reminderDue({ ...texas, status: "pending" }, at("2027-03-10T15:00:00Z"))).toBe(false);
  });
});

describe("the upload form", () => {
  const valid = { state: "TX", certificateNumber: "TX-1234567", expiresOn: "2027-03-31" };

  it("takes a state, a number and a day", () => {
    expect(certificateSchema.parse(valid)).toEqual(valid);
  });

  it.each([
    [{ ...valid, state: "PR" }, "Choose the state the certificate is for"],
    [{ ...valid, certificateNumber: undefined }, "Enter the certificate number"],
    [{ ...valid, certificateNumber: "<script>" }, "Use letters, digits, spaces, dots, slashes or dashes"],
    [{ ...valid, expiresOn: "2027-02-30" }, "Enter the expiry date as a date"],
    [{ ...valid, expiresOn: "next year" }, "Enter the expiry date as a date"],
  ])("refuses %j", (input, message) => {
    const parsed = certificateSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toContain(message);
  });

  it("refuses a certificate already expired on the store's day, not one expiring today", () => {
    expect(expiredOnUpload("2027-03-30", at("2027-03-31T15:00:00Z"))).toBe(true);
    expect(expiredOnUpload("2027-03-31", at("2027-03-31T15:00:00Z"))).toBe(false);
  });
});
