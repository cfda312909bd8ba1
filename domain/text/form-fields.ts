// The field rules the store's forms share, with the messages buyers see; the same rules check
// the form in the browser and the action on the server.
import { z } from "zod";
import { usStates } from "../addresses/us-states";
import { formatNumber } from "./numbers";
import { oneLine } from "./plain-text";

// One-line text fields. Conform sends an empty field as undefined, so a required field's message
// is also its type message.
const trimmed = (max: number, message?: string) =>
  z
    .string(message ? { message } : undefined)
    .overwrite(oneLine)
    .trim()
    .max(max, `Use at most ${max} characters`);
export const required = (message: string, max = 200) => trimmed(max, message).min(1, message);
export const optional = (max = 200) =>
  trimmed(max)
    .optional()
    .transform((value) => value || undefined);

export const emailField = z
  .string({ message: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Use at most 254 characters")
  .pipe(z.email("Invalid email address"))
  .transform((email) => email.toLowerCase());

// A quantity as a person types it: digits, maybe a minus sign. z.coerce.number would also read
// "0x10" as 16, "1e2" as 100 and an empty box as 0.
const WHOLE_NUMBER = /^\s*-?\d+\s*$/;
const wholeNumber = "Quantity must be a whole number.";

/** A whole quantity from `min` to `max`, typed (text) or sent as a number. */
export const quantityField = (min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" && WHOLE_NUMBER.test(value) ? Number(value) : value),
    z
      .number({ message: wholeNumber })
      .int(wholeNumber)
      .min(min, min === 1 ? "Quantity must be at least 1." : wholeNumber)
      .max(max, `Quantity can be at most ${formatNumber(max)}.`),
  );

export const stateField = z.enum(usStates, { message: "State is required" });

export const zipField = trimmed(10, "ZIP code must be at least 5 characters").min(
  5,
  "ZIP code must be at least 5 characters",
);

/** A checkbox as a form sends it ("on" or nothing) or as JSON sends it (a boolean). */
export const checkbox = z
  .union([z.boolean(), z.enum(["on", "true", "false"])])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");
