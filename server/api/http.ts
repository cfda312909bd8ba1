// The JSON API's door (docs/decisions/api.md): the key in `Authorization: Bearer`, the methods an
// endpoint answers, and every answer JSON: a refusal is `{ "error": { "code", "message", "field"? } }`
// with its status, a StoreError mapped here once, and anything unexpected logged and answered as a
// generic 500, never a stack or a page.
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { clientAddressContext } from "../context";
import { type ErrorKind, StoreError } from "../errors";
import { logger } from "../logger";
import { type ApiCaller, authenticateApiKey } from "./api-keys";
import { bearerToken } from "./key";

export interface FieldProblem {
  /** Where in the request: `lines[0].quantity`, `parts`, `Idempotency-Key`. */
  field: string;
  message: string;
}

/** A refusal with its status and code; `field` names what to fix, `details` every field's problem. */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: { field?: string; details?: FieldProblem[] } = {},
  ) {
    super(message);
  }
}

const storeErrors: Record<ErrorKind, [number, string]> = {
  Invalid: [422, "validation_failed"],
  Unauthorized: [401, "unauthorized"],
  Forbidden: [403, "forbidden"],
  NotFound: [404, "not_found"],
  Conflict: [409, "conflict"],
  TooManyRequests: [429, "rate_limited"],
  Unavailable: [503, "unavailable"],
};

/** A domain refusal as the API answers it, with the field it is about when there is one. */
export function fromStoreError(error: StoreError, field?: string): ApiProblem {
  const [status, code] = storeErrors[error.kind];
  return new ApiProblem(status, code, error.message, field ? { field } : {});
}

const JSON_HEADERS = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "private, no-store" };

export function apiJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return apiText(JSON.stringify(body), status, headers);
}

/** A body already written as JSON text (an idempotent replay sends the first answer's very bytes). */
export function apiText(json: string, status: number, headers: Record<string, string> = {}): Response {
  return new Response(json, { status, headers: { ...JSON_HEADERS, ...headers } });
}

export function problemResponse(problem: ApiProblem, headers: Record<string, string> = {}): Response {
  return apiJson(
    { error: { code: problem.code, message: problem.message, ...problem.extra } },
    problem.status,
    problem.status === 401 ? { "WWW-Authenticate": 'Bearer realm="api"', ...headers } : headers,
  );
}

/** `["lines", 0, "quantity"]` as `lines[0].quantity`. */
export function fieldName(path: readonly PropertyKey[], root = ""): string {
  return path.reduce<string>(
    (name, key) => (typeof key === "number" ? `${name}[${key}]` : name ? `${name}.${String(key)}` : String(key)),
    root,
  );
}

/** A failed zod parse as a 422 naming each field and why; the first in the message. */
export function validationProblem(error: z.ZodError, root = ""): ApiProblem {
  const details = error.issues.map((issue) => ({
    field: fieldName(issue.path, root) || "body",
    message: issue.message,
  }));
  const [first] = details;
  return new ApiProblem(
    422,
    "validation_failed",
    first ? `${first.field}: ${first.message}` : "The request is not valid.",
    {
      field: first?.field,
      details,
    },
  );
}

/** The request's body as JSON, or a 422 saying it is not JSON. */
export async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiProblem(
      422,
      "invalid_json",
      text.trim() ? "The body is not valid JSON." : "The body is empty: send the order as JSON.",
      { field: "body" },
    );
  }
}

export interface ApiCall<Caller = ApiCaller> {
  request: Request;
  caller: Caller;
  params: Record<string, string | undefined>;
  /** The client's address (server/client-address.ts), for per-address limits. */
  address: string;
}

type Method = "GET" | "POST";
type Handlers<Caller> = Partial<Record<Method, (call: ApiCall<Caller>) => Promise<Response>>>;

interface EndpointArgs {
  request: Request;
  params: Record<string, string | undefined>;
  context?: unknown;
}

/** The address the HTTP layer set; "unknown" when there is none (a loader called outside it). */
function addressOf(context: unknown): string {
  const provider = context as Partial<Pick<RouterContextProvider, "get">> | undefined;
  return typeof provider?.get === "function" ? provider.get(clientAddressContext) : "unknown";
}

/**
 * One endpoint's loader and action: the method checked (HEAD as GET), the caller found from the
 * Authorization header, the handler run, and whatever it throws answered as JSON.
 */
function endpoint<Caller>(handlers: Handlers<Caller>, identify: (authorization: string | null) => Promise<Caller>) {
  const allowed = Object.keys(handlers).join(", ");
  return async ({ request, params, context }: EndpointArgs) => {
    const method = request.method === "HEAD" ? "GET" : request.method;
    const handle = Object.hasOwn(handlers, method) ? handlers[method as Method] : undefined;
    try {
      if (!handle)
        throw new ApiProblem(405, "method_not_allowed", `${request.method} is not allowed here. Use ${allowed}.`);
      const caller = await identify(request.headers.get("authorization"));
      return await handle({ request, caller, params, address: addressOf(context) });
    } catch (error) {
      return answerError(error, request, handle ? {} : { Allow: allowed });
    }
  };
}

/** An endpoint for a company's key only: no key, or one that is not valid, is a 401. */
export function apiEndpoint(handlers: Handlers<ApiCaller>) {
  return endpoint(handlers, (authorization) =>
    authenticateApiKey(authorization === null ? null : (bearerToken(authorization) ?? "")),
  );
}

/**
 * An endpoint open to visitors as well: without an Authorization header the caller is null (a
 * visitor); a header that is sent must hold a valid key, so a mistyped key is a 401, never a
 * quiet answer at visitors' prices.
 */
export function openApiEndpoint(handlers: Handlers<ApiCaller | null>) {
  return endpoint(handlers, (authorization) =>
    authorization === null ? Promise.resolve(null) : authenticateApiKey(bearerToken(authorization) ?? ""),
  );
}

export function answerError(error: unknown, request: Request, headers: Record<string, string> = {}): Response {
  if (error instanceof ApiProblem) return problemResponse(error, headers);
  if (error instanceof StoreError) return problemResponse(fromStoreError(error), { ...error.headers, ...headers });
  logger.error({ err: error, path: new URL(request.url).pathname }, "API request failed");
  return problemResponse(
    new ApiProblem(500, "internal_error", "Something went wrong on our side. Please try again in a moment."),
  );
}
