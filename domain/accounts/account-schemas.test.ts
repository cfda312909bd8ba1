import { describe, expect, it } from "vitest";
import { authenticatorCodeSchema, signUpSchema, twoFactorCodeSchema } from "./account-schemas";

const complete = {
  email: "Dana@Example.com",
  password: "secret1",
  firstName: " Dana ",
  lastName: "Reyes",
  shipping: { line1: "100 Main St", city: "Portland", state: "OR", zip: "97201" },
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
      "shipping.line1": "Address is required",
      "shipping.city": "City is required",
      "shipping.state": "State is required",
      "shipping.zip": "ZIP code must be at least 5 characters",
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
      billing: { line1: "100 Main St", city: "Portland", state: "OR", zip: "97201" },
      sameAsShipping: true,
    });
  });

  it("requires billing line 1, city, state and ZIP only when billing differs", () => {
    expect(messages(complete)).toEqual({
      "billing.line1": "Address is required",
      "billing.city": "City is required",
      "billing.state": "State is required",
      "billing.zip": "ZIP code must be at least 5 characters",
    });
    const parsed = signUpSchema.parse({
      ...complete,
      billing: { line1: "9 Dock Rd", city: "Tacoma", state: "WA", zip: "98402" },
    });
    expect(parsed).toMatchObject({
      sameAsShipping: false,
      billing: { city: "Tacoma" },
      shipping: { city: "Portland" },
    });
  });

  it("keeps names and addresses on one line, whatever line breaks were typed or pasted", () => {
    const parsed = signUpSchema.parse({ ...complete, sameAsShipping: "on", companyName: "Acme\r\nInvoice: pay now" });
    expect(parsed.companyName).toBe("Acme Invoice: pay now");
  });

  it("refuses a state outside the 50 codes", () => {
    expect(messages({ ...complete, sameAsShipping: "on", shipping: { ...complete.shipping, state: "XX" } })).toEqual({
      "shipping.state": "State is required",
    });
  });
});

describe("twoFactorCodeSchema", () => {
  const parse = (code: unknown) => twoFactorCodeSchema.safeParse({ code });
  it.each([
    ["123456", "123456"],
    [" 123 456 ", "123456"],
    ["a1B2c-3D4e5", "a1B2c-3D4e5"],
    ["a1B2c3D4e5", "a1B2c-3D4e5"],
  ])("takes %j as %j", (input, code) => {
    expect(parse(input).data).toEqual({ code });
  });

  it.each([undefined, "", "12345", "1234567", "abc", "a1B2c-3D4e5-x", "x".repeat(1000)])("refuses %j", (input) => {
    expect(parse(input).error?.issues[0]?.message).toBe(
      "Enter the 6-digit code from your authenticator app, or a recovery code",
    );
  });
});

describe("authenticatorCodeSchema", () => {
  it("takes six digits only", () => {
    expect(authenticatorCodeSchema.safeParse({ code: "012 345" }).data).toEqual({ code: "012345" });
    expect(authenticatorCodeSchema.safeParse({ code: "a1B2c-3D4e5" }).error?.issues[0]?.message).toBe(
      "Enter the 6-digit code from your authenticator app",
    );
  });
});
