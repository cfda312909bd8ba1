import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  duplicateConfirmed,
  duplicatePoMessage,
  poNumberCharactersMessage,
  purchaseOrderDetails,
  purchaseOrderFields,
  purchaseOrderLines,
} from "./purchase-order";

const schema = z.object(purchaseOrderFields);
const parse = (fields: Record<string, unknown>) => schema.safeParse(fields);
const errorOf = (fields: Record<string, unknown>) => parse(fields).error?.issues[0]?.message;

describe("the PO number field", () => {
  it.each([
    ["4500012345", "4500012345"],
    ["  PO-17/B.2 #3 ", "PO-17/B.2 #3"],
    ["PO  17", "PO 17"],
    ["x".repeat(30), "x".repeat(30)],
  ])("takes %j as %j", (given, kept) => {
    expect(parse({ poNumber: given }).data?.poNumber).toBe(kept);
  });

  it("is optional: blank or missing is no PO number", () => {
    expect(parse({ poNumber: "   " }).data?.poNumber).toBeUndefined();
    expect(parse({}).data?.poNumber).toBeUndefined();
  });

  it("refuses more than 30 characters and any other character", () => {
    expect(errorOf({ poNumber: "x".repeat(31) })).toBe("PO number must be at most 30 characters");
    for (const bad of ["PO_17", "PO:17", "<b>", "PO\n17", "PO\u000017", "PO–17"]) {
      expect(errorOf({ poNumber: bad }), bad).toBe(poNumberCharactersMessage);
    }
  });
});

describe("the job reference", () => {
  it("is trimmed, one line, at most 60 characters, optional", () => {
    expect(parse({ jobReference: "  Pier 3\nretrofit " }).data?.jobReference).toBe("Pier 3 retrofit");
    expect(parse({ jobReference: "" }).data?.jobReference).toBeUndefined();
    expect(parse({ jobReference: "j".repeat(60) }).success).toBe(true);
    expect(errorOf({ jobReference: "j".repeat(61) })).toBe("Job reference must be at most 60 characters");
  });
});

describe("a PO number used before", () => {
  it("is confirmed only for the PO number the buyer was warned about, whatever its case", () => {
    expect(duplicateConfirmed({ poNumber: "PO-17", poDuplicateConfirmed: "po-17" })).toBe(true);
    expect(duplicateConfirmed({ poNumber: "PO-18", poDuplicateConfirmed: "PO-17" })).toBe(false);
    expect(duplicateConfirmed({ poNumber: "PO-17" })).toBe(false);
    expect(duplicateConfirmed({ poDuplicateConfirmed: "PO-17" })).toBe(false);
  });

  it("is named with the order it was used on", () => {
    expect(duplicatePoMessage("PO-17", "ORD1700000000000ABCDE")).toBe(
      "PO number PO-17 was already used on order ORD1700000000000ABCDE",
    );
  });
});

describe("an order's purchase-order details", () => {
  it("labels what the order has and leaves out what it does not", () => {
    expect(purchaseOrderLines({ poNumber: "PO-17", jobReference: "Pier 3" })).toEqual([
      "PO Number: PO-17",
      "Job Reference: Pier 3",
    ]);
    expect(purchaseOrderDetails({ poNumber: null, jobReference: "Pier 3" })).toEqual([
      { label: "Job Reference", value: "Pier 3" },
    ]);
    expect(purchaseOrderLines({ poNumber: null, jobReference: null })).toEqual([]);
  });
});
