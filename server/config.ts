// Every environment variable the store reads, parsed and validated once at start-up.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { privateDataDir } from "./private-files";

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const urlWithScheme = (schemes: string[], expected: string) =>
  z.string().refine((value) => {
    try {
      return schemes.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, expected);

const prefixed = (prefix: string) =>
  z.string().regex(new RegExp(`^${prefix}[A-Za-z0-9_]+$`), `a key starting with ${prefix}`);

/** "true"/"false" (also 1/0, on/off, yes/no), as an operator would write it. */
const flag = (expected: string) =>
  z
    .enum(["true", "false", "1", "0", "on", "off", "yes", "no"], { message: expected })
    .transform((value) => ["true", "1", "on", "yes"].includes(value));

/** A whole number from `min` to `max`; its messages name what it counts ("seconds"), if anything. */
const wholeNumber = (min: number, max: number, unit?: string) => {
  const expected = `a whole number${unit ? ` of ${unit}` : ""} from ${min} to ${max}`;
  return z.coerce.number({ message: expected }).int(expected).min(min, expected).max(max, expected);
};

/** A comma-separated list of IP addresses (spaces allowed around the commas). */
const addressList = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .refine((addresses) => addresses.every((address) => isIP(address) !== 0), {
    message: "a comma-separated list of IP addresses, e.g. 127.0.0.1 or 10.0.0.2,10.0.0.3",
  });

// Each message says what is expected; the caller adds the variable name and the value given.
/** A postal address given as lines separated by ";". */
const addressLines = z
  .string()
  .transform((value) =>
    value
      .split(";")
      .map((line) => line.trim())
      .filter(Boolean),
  )
  .refine((lines) => lines.length > 0 && lines.length <= 8, "1 to 8 address lines separated by ;");

// Where uploaded files live when they are not in DATA_DIR or PostgreSQL (docs/decisions/media-storage.md).
const s3Schema = z.object({
  S3_BUCKET: optional(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "a bucket name (3 to 63 lowercase letters, digits, dots or dashes)"),
  ),
  S3_REGION: optional(z.string().min(1, "a region such as us-east-1 (auto for Cloudflare R2)")),
  S3_ENDPOINT: optional(
    urlWithScheme(["http:", "https:"], "an http:// or https:// URL, e.g. https://minio.example.com:9000"),
  ),
  S3_ACCESS_KEY_ID: optional(z.string().min(1, "an access key id")),
  S3_SECRET_ACCESS_KEY: optional(z.string().min(1, "a secret access key")),
  S3_FORCE_PATH_STYLE: optional(flag("true or false")),
});

/** The bucket uploaded files are kept in, when S3_BUCKET is set. */
export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  /** Unset: the AWS SDK's own chain (AWS_* variables, the machine's role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
}

const envSchema = z.object({
  ...s3Schema.shape,
  NODE_ENV: z
    .enum(["production", "development", "test"], { message: "one of production, development, test" })
    .default("production"),
  PORT: wholeNumber(1, 65535).default(3000),
  HOST: z.string().min(1, "a host name or address to listen on, e.g. 127.0.0.1").default("0.0.0.0"),
  DATA_DIR: z.string().min(1, "a folder path, e.g. ./data").default("./data"),
  // Where the scheduled backups and the admin's "Back up now" go (server/backup/schedule.ts).
  BACKUP_DIR: optional(z.string().min(1, "a folder path, e.g. /mnt/backups/store")),
  DATABASE_URL: optional(urlWithScheme(["postgres:", "postgresql:"], "a postgres:// or postgresql:// connection URL")),
  PUBLIC_URL: optional(
    urlWithScheme(["http:", "https:"], "an http:// or https:// origin, e.g. https://store.example.com"),
  ),
  AUTH_SECRET: optional(z.string().min(32, "at least 32 characters (or leave it unset to generate one)")),
  ADMIN_EMAIL: optional(z.email("an e-mail address")),
  ADMIN_PASSWORD: optional(z.string().min(8, "at least 8 characters")),
  ADMIN_REQUIRE_2FA: optional(flag("true or false")).transform((value) => value ?? false),
  TRUSTED_PROXY: optional(addressList).transform((value) => value ?? []),
  SMTP_URL: optional(
    urlWithScheme(["smtp:", "smtps:"], "an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587"),
  ),
  MAIL_FROM: z
    .string()
    .min(3, "a sender such as Store <orders@example.com>")
    .default("Cascade Industrial Supply <orders@localhost>"),
  STRIPE_SECRET_KEY: optional(prefixed("sk_")),
  STRIPE_PUBLISHABLE_KEY: optional(prefixed("pk_")),
  STRIPE_WEBHOOK_SECRET: optional(prefixed("whsec_")),
  STORE_EMAIL: z.email("an e-mail address").default("sales@cascadeindustrial.com"),
  STORE_PHONE: z.string().min(7, "a phone number, e.g. (503) 555-0142").default("(503) 555-0142"),
  // The year the business started: the storefront's years in business are counted from it, and
  // with none given it names no number of years (docs/product-rules.md, Reviews and honest figures).
  STORE_FOUNDED_YEAR: optional(
    z.coerce
      .number({ message: "a year such as 1999" })
      .int("a year such as 1999")
      .min(1800, "a year such as 1999")
      .max(new Date().getUTCFullYear(), "a year that has begun"),
  ),
  // Where buyers send payment of invoices, printed on each invoice: its lines separated by ";".
  STORE_REMIT_TO: addressLines.default([
    "Cascade Industrial Supply",
    "Accounts Receivable",
    "PO Box 4410",
    "Portland, OR 97208",
  ]),
  // Where buyers ship returned parts, printed on each return authorisation: its lines separated by ";".
  STORE_RETURN_TO: addressLines.default([
    "Cascade Industrial Supply",
    "Returns Department",
    "2250 NW Nicolai St",
    "Portland, OR 97210",
  ]),
  REQUEST_TIMEOUT: wholeNumber(1, 3600, "seconds").default(30),
  // Seconds a store process waits at start for its catalogue index before taking requests anyway,
  // answering the catalogue from SQL until the index is built (0: at once).
  INDEX_WAIT_SECONDS: wholeNumber(0, 3600, "seconds").default(30),
  // Sign-ups one address may make in an hour: a whole office behind one router shares an address.
  SIGN_UPS_PER_ADDRESS: wholeNumber(1, 100_000, "sign-ups").default(30),
  // Calls to the catalogue API (GET /api/v1/products) one address may make in a minute without a key.
  API_CALLS_PER_ADDRESS: wholeNumber(1, 100_000, "calls").default(600),
  // How many processes serve the store on PostgreSQL; unset, one per core. PGlite serves from one.
  WEB_CONCURRENCY: optional(wholeNumber(1, 64, "processes")),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      message: "one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
});

type Env = z.infer<typeof envSchema>;

export type Config = Omit<Env, "PUBLIC_URL" | "AUTH_SECRET"> & {
  PUBLIC_URL: string;
  /** Set when the uploaded files live in an S3-compatible bucket. */
  S3: S3Settings | undefined;
  AUTH_SECRET: string;
  DATA_DIR: string;
  BACKUP_DIR: string;
};

export class ConfigError extends Error {}

const pairs: [keyof Env, keyof Env][] = [
  ["ADMIN_EMAIL", "ADMIN_PASSWORD"],
  ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY"],
];

function parsedBy<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv): z.infer<T> {
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `Invalid ${name}=${JSON.stringify(env[name] ?? "")}: expected ${issue.message}.`;
    });
    throw new ConfigError([...new Set(lines)].join("\n"));
  }
  return result.data;
}

/** The bucket the S3_* settings name, or undefined; a ConfigError for settings given by halves. */
function s3SettingsOf(env: z.infer<typeof s3Schema>): S3Settings | undefined {
  if (!env.S3_BUCKET) {
    const given = (Object.keys(s3Schema.shape) as (keyof typeof env)[]).filter((name) => env[name] !== undefined);
    if (given.length > 0)
      throw new ConfigError(
        `Missing S3_BUCKET: ${given.join(", ")} ${given.length === 1 ? "is" : "are"} set without it.`,
      );
    return undefined;
  }
  if (!env.S3_REGION)
    throw new ConfigError("Missing S3_REGION: it is required when S3_BUCKET is set (e.g. us-east-1; auto for R2).");
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    const missing = env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID";
    throw new ConfigError(`Missing ${missing}: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together.`);
  }
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
  };
}

/** The S3_* settings alone, for the commands that read only where the store keeps its data. */
export const parseS3Settings = (env: NodeJS.ProcessEnv) => s3SettingsOf(parsedBy(s3Schema, env));

/** Parses the environment; throws a ConfigError whose message is one line per bad variable. */
export function parseConfig(env: NodeJS.ProcessEnv): Omit<Config, "AUTH_SECRET"> & { AUTH_SECRET?: string } {
  const parsed = parsedBy(envSchema, env);
  for (const [a, b] of pairs) {
    if (Boolean(parsed[a]) !== Boolean(parsed[b])) {
      const missing = parsed[a] ? b : a;
      throw new ConfigError(`Missing ${missing}: ${a} and ${b} must be set together.`);
    }
  }
  if (parsed.STRIPE_SECRET_KEY && !parsed.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError("Missing STRIPE_WEBHOOK_SECRET: it is required when STRIPE_SECRET_KEY is set.");
  }
  return {
    ...parsed,
    S3: s3SettingsOf(parsed),
    DATA_DIR: path.resolve(parsed.DATA_DIR),
    BACKUP_DIR: path.resolve(parsed.BACKUP_DIR ?? path.join(parsed.DATA_DIR, "backups")),
    PUBLIC_URL: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, ""),
  };
}

/** The secret lives in DATA_DIR when not given, so sessions survive restarts. */
function ensureAuthSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

let loaded: Config | undefined;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  if (loaded) return loaded;
  const parsed = parseConfig(env);
  privateDataDir(parsed.DATA_DIR);
  loaded = { ...parsed, AUTH_SECRET: parsed.AUTH_SECRET ?? ensureAuthSecret(parsed.DATA_DIR) };
  return loaded;
}

/** The config of the running process; loadConfig must have run first. */
export function config(): Config {
  return loaded ?? loadConfig();
}
