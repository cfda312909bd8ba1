// A contract price rule as the back office's form and the price-list CSV write it, shared by the
// browser and the server. The field names are the CSV's columns, so a refusal names the column.
import { z } from "zod";
import { isDay } from "../dates/dates";
import { oneLine } from "../text/plain-text";

export const contractPriceColumns = [
  "part_number",
  "category",
  "brand",
  "price",
  "percent_off",
  "starts_on",
  "ends_on",
] as const;
export type ContractPriceColumn = (typeof contractPriceColumns)[number];

export const MAX_CONTRACT_PRICE = 1_000_000;

/** An optional text field: empty is absent; control characters and line breaks become spaces. */
const optionalText = (max: number, label: string) =>
  z
    .string()
    .optional()
    .transform((value) => oneLine(value ?? "").trim() || undefined)
    .refine((value) => value === undefined || value.length <= max, `Use at most ${max} characters for the ${label}`);

export const contractPriceInputSchema = z
  .object({
    part_number: optionalText(64, "part number"),
    category: optionalText(100, "category"),
    brand: optionalText(100, "brand"),
    price: optionalText(20, "price"),
    percent_off: optionalText(10, "percentage"),
    starts_on: optionalText(10, "start date"),
    ends_on: optionalText(10, "end date"),
  })
  .superRefine((rule, ctx) => {
    const problem = (column: ContractPriceColumn, message: string) =>
      ctx.addIssue({ code: "custom", path: [column], message });
    const targets = (["part_number", "category", "brand"] as const).filter((column) => rule[column] !== undefined);
    if (targets.length === 0)
      problem("part_number", "Enter a part number (fixed price), or a category or brand (percent off)");
    for (const extra of targets.slice(1))
      problem(extra, "Give one of part number, category or brand per rule: put the others on rows of their own");
    if (rule.part_number !== undefined) {
      if (rule.price === undefined) problem("price", "Enter the contract price for this part number, e.g. 9.50");
      if (rule.percent_off !== undefined)
        problem("percent_off", "A part number takes a fixed price: leave the percentage off empty");
    } else if (targets.length > 0) {
      if (rule.percent_off === undefined)
        problem("percent_off", "Enter the percentage off list for this category or brand, e.g. 12.5");
      if (rule.price !== undefined)
        problem("price", "A category or brand takes a percentage off: leave the price empty");
    }
    if (rule.price !== undefined) {
      if (!/^\d{1,7}(\.\d{1,2})?$/.test(rule.price))
        problem("price", "Enter the price in dollars with at most 2 decimals, e.g. 9.50");
      else if (Number(rule.price) <= 0) problem("price", "The price must be more than $0");
      else if (Number(rule.price) > MAX_CONTRACT_PRICE) problem("price", "The price can be at most $1,000,000");
    }
    if (rule.percent_off !== undefined) {
      if (!/^\d{1,2}(\.\d{1,2})?$/.test(rule.percent_off) || Number(rule.percent_off) <= 0)
        problem("percent_off", "Enter a percentage more than 0 and less than 100, e.g. 12.5");
    }
    if (rule.starts_on === undefined) problem("starts_on", "Enter the first day the price applies, as YYYY-MM-DD");
    else if (!isDay(rule.starts_on)) problem("starts_on", "Enter the start date as YYYY-MM-DD, e.g. 2026-12-01");
    if (rule.ends_on !== undefined) {
      if (!isDay(rule.ends_on)) problem("ends_on", "Enter the end date as YYYY-MM-DD, or leave it empty for no end");
      else if (rule.starts_on && isDay(rule.starts_on) && rule.ends_on < rule.starts_on)
        problem("ends_on", "The end date cannot be before the start date");
    }
  });

export type ContractPriceInput = z.output<typeof contractPriceInputSchema>;

/** The back office's form: a rule, and the rule it replaces when editing. */
export const contractPriceFormSchema = contractPriceInputSchema.and(
  z.object({ ruleId: z.uuid("That price rule does not exist").optional() }),
);

export const removeContractPriceSchema = z.object({ ruleId: z.uuid("That price rule does not exist") });

/** How many rows a price-list CSV may have, and what the file may weigh. */
export const CONTRACT_CSV_LIMITS = { maxRows: 5_000, maxBytes: 1024 * 1024 } as const;
