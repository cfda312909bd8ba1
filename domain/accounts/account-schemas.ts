// The sign-in, sign-up and password forms' rules, shared by the browser and the server.
import { z } from "zod";
import { billingOrShipping, checkBilling, evenWithOtherErrors, shippingAndBillingFields } from "../addresses/address";
import { emailField, optional, required } from "../text/form-fields";

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

/** Between the password and the code, ten minutes passed (or five wrong codes). */
export const SIGN_IN_EXPIRED = "Your sign-in has expired. Please enter your email and password again.";

const CODE_MESSAGE = "Enter the 6-digit code from your authenticator app, or a recovery code";
const APP_CODE_MESSAGE = "Enter the 6-digit code from your authenticator app";
// People copy codes with spaces ("123 456"); recovery codes are shown as "a1B2c-3D4e5".
const withoutSpaces = (message: string) =>
  z
    .string({ message })
    .max(32, message)
    .transform((value) => value.replace(/\s+/g, ""));

/** The second step of signing in: an authenticator code, or a recovery code (with or without its dash). */
export const twoFactorCodeSchema = z.object({
  code: withoutSpaces(CODE_MESSAGE)
    .pipe(z.string().regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, CODE_MESSAGE))
    .transform((code) => (code.length === 10 ? `${code.slice(0, 5)}-${code.slice(5)}` : code)),
});

/** Setting up two-factor sign-in, first step: the password again. */
export const twoFactorPasswordSchema = z.object({ password: signInSchema.shape.password });

/** ...second step: the first code the authenticator app shows, which turns it on. */
export const authenticatorCodeSchema = z.object({
  code: withoutSpaces(APP_CODE_MESSAGE).pipe(z.string().regex(/^\d{6}$/, APP_CODE_MESSAGE)),
});
