import { describe, expect, it } from "vitest";
import { promoCodeSchema } from "../../domain/admin/admin-schemas";
import { withTestDatabase } from "../../test/database";
import { adminAuditLog, promoCodes, user } from "../db/schema";
import { StoreError } from "../errors";
import { createPromoCode, listPromoCodes, setPromoCodeActive } from "./promos";

const { handle } = withTestDatabase();

describe("promo codes in the back office", () => {
  it("creates codes upper case, refuses a duplicate, and switches a code off and on, all audited", async () => {
    await handle().db.insert(user).values({ id: "admin1", name: "Admin", email: "admin@example.com" });
    const promo = promoCodeSchema.parse({
      code: " welcome10 ",
      description: "10% off",
      discountType: "percentage",
      discountValue: "10",
    });
    const created = await createPromoCode("admin1", promo);
    expect(created).toMatchObject({
      code: "WELCOME10",
      discountValue: "10.00",
      minimumOrderAmount: "0.00",
      isActive: true,
    });
    await expect(createPromoCode("admin1", promo)).rejects.toThrow(
      new StoreError("Conflict", "A promo code WELCOME10 already exists."),
    );
    expect(await handle().db.select().from(promoCodes)).toHaveLength(1);

    await setPromoCodeActive("admin1", created.id, false);
    expect((await listPromoCodes())[0]?.isActive).toBe(false);
    await setPromoCodeActive("admin1", created.id, true);
    const log = await handle().db.select({ action: adminAuditLog.action }).from(adminAuditLog);
    expect(log.map((entry) => entry.action).sort()).toEqual([
      "activate_promo_code",
      "create_promo_code",
      "deactivate_promo_code",
    ]);
  });

  it.each([
    [
      { code: "x", description: "d", discountType: "fixed", discountValue: "5" },
      "code",
      "Use 3 to 32 letters, digits, dashes or underscores",
    ],
    [
      { code: "BIG", description: "d", discountType: "percentage", discountValue: "150" },
      "discountValue",
      "A percentage discount can be at most 100",
    ],
    [
      { code: "ZERO", description: "d", discountType: "fixed", discountValue: "0" },
      "discountValue",
      "The discount must be more than 0",
    ],
    [
      { code: "NEG", description: "d", discountType: "fixed", discountValue: "-5" },
      "discountValue",
      "Enter the discount in dollars, e.g. 25 or 12.50",
    ],
    [
      { code: "ABC", description: "d", discountType: "percentage", discountValue: "abc" },
      "discountValue",
      "Enter the discount as a percentage, e.g. 10 or 12.5",
    ],
    [
      { code: "ABC", description: "d", discountType: "fixed", discountValue: "abc" },
      "discountValue",
      "Enter the discount in dollars, e.g. 25 or 12.50",
    ],
  ])("refuses %j", (input, field, message) => {
    const result = promoCodeSchema.safeParse(input);
    expect(result.error?.issues.find((issue) => issue.path[0] === field)?.message).toBe(message);
  });
});
