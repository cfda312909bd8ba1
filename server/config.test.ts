import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig, parseS3Settings } from "./config";

const errorFor = (env: Record<string, string>) => {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error("expected a ConfigError");
};

describe("parseConfig", () => {
  it("gives working defaults for an empty environment", () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.PUBLIC_URL).toBe("http://localhost:3000");
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toMatch(/\/data$/);
    expect(config.STORE_EMAIL).toContain("@");
    expect(config.INDEX_WAIT_SECONDS).toBe(30);
    expect(config.API_CALLS_PER_ADDRESS).toBe(600);
    // No founding year, so the storefront names no years in business.
    expect(config.STORE_FOUNDED_YEAR).toBeUndefined();
    expect(parseConfig({ STORE_FOUNDED_YEAR: "1999" }).STORE_FOUNDED_YEAR).toBe(1999);
  });

  it("trusts no proxy and asks no admin for two-factor sign-in unless told", () => {
    expect(parseConfig({})).toMatchObject({ TRUSTED_PROXY: [], ADMIN_REQUIRE_2FA: false });
    expect(parseConfig({ TRUSTED_PROXY: "127.0.0.1, ::1", ADMIN_REQUIRE_2FA: "true" })).toMatchObject({
      TRUSTED_PROXY: ["127.0.0.1", "::1"],
      ADMIN_REQUIRE_2FA: true,
    });
  });

  it("treats empty values as unset", () => {
    expect(parseConfig({ DATABASE_URL: "", SMTP_URL: "", PORT: "4000" }).DATABASE_URL).toBeUndefined();
  });

  it.each([
    ["PORT", "abc", 'Invalid PORT="abc": expected a whole number from 1 to 65535.'],
    ["PORT", "70000", 'Invalid PORT="70000": expected a whole number from 1 to 65535.'],
    ["PORT", "3.5", 'Invalid PORT="3.5": expected a whole number from 1 to 65535.'],
    [
      "DATABASE_URL",
      "mysql://x",
      'Invalid DATABASE_URL="mysql://x": expected a postgres:// or postgresql:// connection URL.',
    ],
    [
      "PUBLIC_URL",
      "store.example.com",
      'Invalid PUBLIC_URL="store.example.com": expected an http:// or https:// origin, e.g. https://store.example.com.',
    ],
    [
      "AUTH_SECRET",
      "short",
      'Invalid AUTH_SECRET="short": expected at least 32 characters (or leave it unset to generate one).',
    ],
    [
      "SMTP_URL",
      "http://mail",
      'Invalid SMTP_URL="http://mail": expected an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587.',
    ],
    ["STORE_EMAIL", "nobody", 'Invalid STORE_EMAIL="nobody": expected an e-mail address.'],
    ["STRIPE_SECRET_KEY", "pk_live_x", 'Invalid STRIPE_SECRET_KEY="pk_live_x": expected a key starting with sk_.'],
    ["REQUEST_TIMEOUT", "0", 'Invalid REQUEST_TIMEOUT="0": expected a whole number of seconds from 1 to 3600.'],
    ["INDEX_WAIT_SECONDS", "-1", 'Invalid INDEX_WAIT_SECONDS="-1": expected a whole number of seconds from 0 to 3600.'],
    ["LOG_LEVEL", "loud", 'Invalid LOG_LEVEL="loud": expected one of fatal, error, warn, info, debug, trace, silent.'],
    [
      "TRUSTED_PROXY",
      "10.0.0.1,proxy.local",
      'Invalid TRUSTED_PROXY="10.0.0.1,proxy.local": expected a comma-separated list of IP addresses, e.g. 127.0.0.1 or 10.0.0.2,10.0.0.3.',
    ],
    ["ADMIN_REQUIRE_2FA", "maybe", 'Invalid ADMIN_REQUIRE_2FA="maybe": expected true or false.'],
    ["STORE_FOUNDED_YEAR", "the nineties", 'Invalid STORE_FOUNDED_YEAR="the nineties": expected a year such as 1999.'],
    ["STORE_FOUNDED_YEAR", "3000", 'Invalid STORE_FOUNDED_YEAR="3000": expected a year that has begun.'],
  ])("names %s and what it expects when it is %j", (name, value, message) => {
    expect(errorFor({ [name]: value })).toBe(message);
  });

  it("gives one line per bad variable", () => {
    expect(errorFor({ PORT: "abc", STORE_EMAIL: "nobody" }).split("\n")).toHaveLength(2);
  });

  it("requires the admin e-mail and password together", () => {
    expect(errorFor({ ADMIN_EMAIL: "admin@example.com" })).toBe(
      "Missing ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD must be set together.",
    );
  });

  it("requires the Stripe webhook secret with the Stripe keys", () => {
    expect(errorFor({ STRIPE_SECRET_KEY: "sk_test_1", STRIPE_PUBLISHABLE_KEY: "pk_test_1" })).toBe(
      "Missing STRIPE_WEBHOOK_SECRET: it is required when STRIPE_SECRET_KEY is set.",
    );
  });

  it("keeps the files in no bucket unless S3_BUCKET is set, and reads a bucket's settings", () => {
    expect(parseConfig({}).S3).toBeUndefined();
    const env = {
      S3_BUCKET: "store-files",
      S3_REGION: "auto",
      S3_ENDPOINT: "https://account.r2.cloudflarestorage.com",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "yes",
    };
    const bucket = {
      bucket: "store-files",
      region: "auto",
      endpoint: "https://account.r2.cloudflarestorage.com",
      credentials: { accessKeyId: "key", secretAccessKey: "secret" },
      forcePathStyle: true,
    };
    expect(parseConfig(env).S3).toEqual(bucket);
    // The commands (backup, restore) read the same settings alone.
    expect(parseS3Settings(env)).toEqual(bucket);
    expect(parseConfig({ S3_BUCKET: "store-files", S3_REGION: "us-east-1" }).S3).toEqual({
      bucket: "store-files",
      region: "us-east-1",
      forcePathStyle: false,
    });
  });

  it.each([
    [
      { S3_REGION: "us-east-1", S3_ENDPOINT: "http://minio:9000" },
      "Missing S3_BUCKET: S3_REGION, S3_ENDPOINT are set without it.",
    ],
    [{ S3_ACCESS_KEY_ID: "key" }, "Missing S3_BUCKET: S3_ACCESS_KEY_ID is set without it."],
    [
      { S3_BUCKET: "store-files" },
      "Missing S3_REGION: it is required when S3_BUCKET is set (e.g. us-east-1; auto for R2).",
    ],
    [
      { S3_BUCKET: "store-files", S3_REGION: "us-east-1", S3_SECRET_ACCESS_KEY: "secret" },
      "Missing S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together.",
    ],
    [
      { S3_BUCKET: "Store_Files", S3_REGION: "us-east-1" },
      'Invalid S3_BUCKET="Store_Files": expected a bucket name (3 to 63 lowercase letters, digits, dots or dashes).',
    ],
    [
      { S3_BUCKET: "store-files", S3_REGION: "us-east-1", S3_ENDPOINT: "minio:9000" },
      'Invalid S3_ENDPOINT="minio:9000": expected an http:// or https:// URL, e.g. https://minio.example.com:9000.',
    ],
  ])("refuses half-given or bad bucket settings, %j, in one line", (env, message) => {
    expect(errorFor(env)).toBe(message);
    expect(() => parseS3Settings(env)).toThrow(message);
  });
});
