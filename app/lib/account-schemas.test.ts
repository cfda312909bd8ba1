import { describe, expect, it } from "vitest";
import { signUpSchema } from "./account-schemas";

const complete = {
  email: "Dana@Example.com",
  password: "secret1",
  firstName: " Dana ",
  lastName: "Reyes",
  shippingAddressLine1: "100 Main St",
  shippingCity: "Portland",
  shippingState: "OR",
  shippingZip: "97201",
};

const messages = (input: Record<string, unknown>) => {
  const result = signUpSchema.safeParse(input);
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));
};

describe("signUpSchema", () => {
  it("names every required field when the form is empty", () => {
    expect(messages({ sameAsShipping: "on" })).toEqual({
      email: "Email is required",
      password: "Password is required",
      firstName: "First name is required",
      lastName: "Last name is required",
      shippingAddressLine1: "Address is required",
      shippingCity: "City is required",
      shippingState: "State is required",
      shippingZip: "ZIP code must be at least 5 characters",
    });
  });

  it("asks for a password of at least 6 characters and a real e-mail", () => {
    expect(messages({ ...complete, sameAsShipping: "on", password: "12345", email: "dana" })).toEqual({
      email: "Invalid email address",
      password: "Password must be at least 6 characters",
    });
  });

  it("copies shipping into billing when same-as-shipping is checked", () => {
    const parsed = signUpSchema.parse({ ...complete, sameAsShipping: "on" });
    expect(parsed).toMatchObject({
      email: "dana@example.com",
      firstName: "Dana",
      billingAddressLine1: "100 Main St",
      billingCity: "Portland",
      billingState: "OR",
      billingZip: "97201",
      sameAsShipping: true,
    });
  });

  it("requires billing line 1, city, state and ZIP only when billing differs", () => {
    expect(messages(complete)).toEqual({
      billingAddressLine1: "Address is required",
      billingCity: "City is required",
      billingState: "State is required",
      billingZip: "ZIP code must be at least 5 characters",
    });
    const parsed = signUpSchema.parse({
      ...complete,
      billingAddressLine1: "9 Dock Rd",
      billingCity: "Tacoma",
      billingState: "WA",
      billingZip: "98402",
    });
    expect(parsed).toMatchObject({ sameAsShipping: false, billingCity: "Tacoma", shippingCity: "Portland" });
  });

  it("refuses a state outside the 50 codes", () => {
    expect(messages({ ...complete, sameAsShipping: "on", shippingState: "XX" })).toEqual({
      shippingState: "State is required",
    });
  });
});
