// The statement's period as the credit centre's form sends it (?from=YYYY-MM-DD&to=YYYY-MM-DD).
import { z } from "zod";
import { addDays, type Day, isDay } from "../dates/dates";

const day = (which: string) =>
  z
    .string({ message: `Enter the ${which} day of the statement` })
    .trim()
    .refine(isDay, `Enter the ${which} day as YYYY-MM-DD, for example 2026-11-01`);

export const statementRangeSchema = z
  .object({ from: day("first"), to: day("last") })
  .refine((range) => range.from <= range.to, { path: ["to"], message: "The last day cannot come before the first" });

/** The form's first suggestion: the 90 days up to today. */
export const defaultStatementRange = (today: Day) => ({ from: addDays(today, -89), to: today });
