// The field rules the store's forms share, with the messages buyers see; the same rules check
// the form in the browser and the action on the server.
import { z } from "zod";
import { usStates } from "../addresses/us-states";
import { oneLine } from "./plain-text";
import { quantityMessages, WHOLE_NUMBER } from "./quantity";

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

const { wholeNumber, atLeastOne, atMost } = quantityMessages;

/** A whole quantity from `min` to `max`, typed (text, read as ./quantity.ts reads it) or sent as a number. */
export const quantityField = (min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" && WHOLE_NUMBER.test(value) ? Number(value) : value),
    z
      .number({ message: wholeNumber })
      .int(wholeNumber)
      .min(min, min === 1 ? atLeastOne : wholeNumber)
      .max(max, atMost(max)),
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
