// The sign-in, sign-up and password forms' rules, shared by the browser and the server.
import { z } from "zod";
import { plainText } from "./plain-text";
import { usStates } from "./us-states";

export const MIN_PASSWORD_LENGTH = 6;

// Conform sends an empty field as undefined, so a required field's message is also its type message.
const trimmed = (max: number, message?: string) =>
  z
    .string(message ? { message } : undefined)
    .overwrite(plainText)
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

export const passwordField = z
  .string({ message: "Password is required" })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(128, "Use at most 128 characters");

export const stateField = z.enum(usStates, { message: "State is required" });
export const zipField = trimmed(10, "ZIP code must be at least 5 characters").min(
  5,
  "ZIP code must be at least 5 characters",
);

export const signInSchema = z.object({
  email: emailField,
  password: z.string({ message: "Password is required" }).min(1, "Password is required").max(128),
});

const signUpBase = z.object({
  firstName: required("First name is required", 100),
  lastName: required("Last name is required", 100),
  companyName: optional(),
  phone: optional(30),
  email: emailField,
  password: passwordField,
  shippingAddressLine1: required("Address is required"),
  shippingAddressLine2: optional(),
  shippingCity: required("City is required", 100),
  shippingState: stateField,
  shippingZip: zipField,
  sameAsShipping: z
    .union([z.boolean(), z.enum(["on", "true", "false"])])
    .optional()
    .transform((value) => value === true || value === "on" || value === "true"),
});

const billingSchema = z.object({
  billingAddressLine1: required("Address is required"),
  billingAddressLine2: optional(),
  billingCity: required("City is required", 100),
  billingState: stateField,
  billingZip: zipField,
});

/** Billing is required only when it differs from shipping; otherwise it copies shipping. */
export const signUpSchema = signUpBase
  .extend({
    billingAddressLine1: z.string().optional(),
    billingAddressLine2: z.string().optional(),
    billingCity: z.string().optional(),
    billingState: z.string().optional(),
    billingZip: z.string().optional(),
  })
  // Runs even when other fields are wrong, so the buyer sees every missing field at once.
  .superRefine(
    (value, ctx) => {
      if (value.sameAsShipping === true || (value.sameAsShipping as unknown) === "on") return;
      const result = billingSchema.safeParse(value);
      for (const issue of result.error?.issues ?? []) {
        ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
      }
    },
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  )
  .transform(({ firstName, lastName, companyName, phone, email, password, sameAsShipping, ...rest }) => {
    const shipping = {
      shippingAddressLine1: rest.shippingAddressLine1,
      shippingAddressLine2: rest.shippingAddressLine2,
      shippingCity: rest.shippingCity,
      shippingState: rest.shippingState,
      shippingZip: rest.shippingZip,
    };
    const billing = sameAsShipping
      ? {
          billingAddressLine1: shipping.shippingAddressLine1,
          billingAddressLine2: shipping.shippingAddressLine2,
          billingCity: shipping.shippingCity,
          billingState: shipping.shippingState,
          billingZip: shipping.shippingZip,
        }
      : billingSchema.parse(rest);
    return { firstName, lastName, companyName, phone, email, password, sameAsShipping, ...shipping, ...billing };
  });

export type SignUpInput = z.output<typeof signUpSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });

export const resetPasswordSchema = z.object({
  token: z.string().min(1, "This reset link is incomplete. Ask for a new one.").max(200),
  password: passwordField,
});
