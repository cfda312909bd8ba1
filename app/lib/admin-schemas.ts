// The admin forms' rules, shared by the browser and the server.
import { z } from "zod";

export const MAX_CREDIT_LIMIT = 10_000_000;

/** A dollar amount with at most 2 decimals, above 0 and at most $10,000,000. */
export const creditLimitField = z
  .string({ message: "Enter a credit limit" })
  .trim()
  .min(1, "Enter a credit limit")
  .regex(/^\d+(\.\d{1,2})?$/, "Enter the credit limit in dollars, e.g. 25000 or 2500.50")
  .refine((value) => Number(value) > 0, "The credit limit must be more than $0")
  .refine((value) => Number(value) <= MAX_CREDIT_LIMIT, "The credit limit can be at most $10,000,000");

export const approveNet30Schema = z.object({
  profileId: z.uuid("That customer does not exist"),
  creditLimit: creditLimitField,
});

export const revokeNet30Schema = z.object({ profileId: z.uuid("That customer does not exist") });

export const customerSearchSchema = z.object({
  q: z.string().trim().max(100).catch(""),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
