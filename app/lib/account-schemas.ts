// The sign-in, sign-up and password forms' rules, shared by the browser and the server.
import { z } from "zod";
import { billingOrShipping, checkBilling, evenWithOtherErrors, shippingAndBillingFields } from "./address";
import { emailField, optional, required } from "./form-fields";

export const MIN_PASSWORD_LENGTH = 6;

export const passwordField = z
  .string({ message: "Password is required" })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(128, "Use at most 128 characters");

export const signInSchema = z.object({
  email: emailField,
  password: z
    .string({ message: "Password is required" })
    .min(1, "Password is required")
    .max(128, "Use at most 128 characters"),
});

/** Billing is checked only when it differs from shipping; otherwise it is shipping's copy. */
export const signUpSchema = z
  .object({
    firstName: required("First name is required", 100),
    lastName: required("Last name is required", 100),
    companyName: optional(),
    phone: optional(30),
    email: emailField,
    password: passwordField,
    ...shippingAndBillingFields,
  })
  .superRefine(checkBilling, evenWithOtherErrors)
  .transform(billingOrShipping);

export type SignUpInput = z.output<typeof signUpSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });

export const resetPasswordSchema = z.object({
  token: z
    .string()
    .min(1, "This reset link is incomplete. Ask for a new one.")
    .max(200, "This reset link is not valid. Ask for a new one."),
  password: passwordField,
});
