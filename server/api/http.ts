// The JSON API's door (docs/decisions/api.md): the key in `Authorization: Bearer`, the scope each
// method of an endpoint needs, the methods an endpoint answers, and every answer JSON: a refusal is `{ "error": { "code", "message", "field"? } }`
// with its status, a StoreError mapped here once, and anything unexpected logged and answered as a
// generic 500, never a stack or a page.
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { type ApiScope, apiScopeLabels } from "../../domain/companies/api-keys";
import { clientAddressContext } from "../context";
import { storeBusy, waitedForConnection } from "../db/retry";
import { type ErrorKind, StoreError } from "../errors";
import { logger } from "../logger";
import { type ApiCaller, authenticateApiKey, makerMayUse } from "./api-keys";
import { bearerToken } from "./key";

export interface FieldProblem {
  /** Where in the request: `lines[0].quantity`, `parts`, `Idempotency-Key`. */
  field: string;
  message: string;
}

/**
 * A refusal with its status and code; `field` names what to fix, `details` every field's problem,
 * `scope` the scope a key lacks.
 */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: { field?: string; details?: FieldProblem[]; scope?: ApiScope } = {},
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

/** RFC 6750's challenge: who to authenticate with, and for a missing scope, which one. */
function challenge(problem: ApiProblem): Record<string, string> {
  if (problem.status === 401) return { "WWW-Authenticate": 'Bearer realm="api"' };
  if (problem.extra.scope)
    return { "WWW-Authenticate": `Bearer realm="api", error="insufficient_scope", scope="${problem.extra.scope}"` };
  return {};
}

export function problemResponse(problem: ApiProblem, headers: Record<string, string> = {}): Response {
  return apiJson({ error: { code: problem.code, message: problem.message, ...problem.extra } }, problem.status, {
    ...challenge(problem),
    ...headers,
  });
}

/**
 * A 403 naming the scope, unless the key was made with `scope` and its maker may still do what it
 * allows: a key never does more than it was made for, nor more than its maker may do now.
 */
export function requireScope(caller: ApiCaller, scope: ApiScope): void {
  const what = apiScopeLabels[scope].toLowerCase();
  if (!caller.scopes.includes(scope))
    throw new ApiProblem(
      403,
      "insufficient_scope",
      `This API key does not have the scope ${scope} (${what}). A company admin can create a key with it at /account/company/api-keys.`,
      { scope },
    );
  if (!makerMayUse(caller.buyer, scope))
    throw new ApiProblem(
      403,
      "insufficient_scope",
      `The person who created this API key may no longer ${what}, so the key's scope ${scope} no longer applies.`,
      { scope },
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
/** One method of an endpoint: the scope a key needs for it, and what it answers. */
interface Handler<Caller> {
  scope: ApiScope;
  handle: (call: ApiCall<Caller>) => Promise<Response>;
}
type Handlers<Caller> = Partial<Record<Method, Handler<Caller>>>;

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
 * Authorization header, the key's scope checked, the handler run, and whatever it throws answered
 * as JSON.
 */
function endpoint<Caller extends ApiCaller | null>(
  handlers: Handlers<Caller>,
  identify: (authorization: string | null) => Promise<Caller>,
) {
  const allowed = Object.keys(handlers).join(", ");
  return async ({ request, params, context }: EndpointArgs) => {
    const method = request.method === "HEAD" ? "GET" : request.method;
    const handler = Object.hasOwn(handlers, method) ? handlers[method as Method] : undefined;
    try {
      if (!handler)
        throw new ApiProblem(405, "method_not_allowed", `${request.method} is not allowed here. Use ${allowed}.`);
      const caller = await identify(request.headers.get("authorization"));
      if (caller) requireScope(caller, handler.scope);
      return await handler.handle({ request, caller, params, address: addressOf(context) });
    } catch (error) {
      return answerError(error, request, handler ? {} : { Allow: allowed });
    }
  };
}

/** An endpoint for a company's key only: no key, or one that is not valid, is a 401; a key without the method's scope a 403. */
export function apiEndpoint(handlers: Handlers<ApiCaller>) {
  return endpoint(handlers, (authorization) =>
    authenticateApiKey(authorization === null ? null : (bearerToken(authorization) ?? "")),
  );
}

/**
 * An endpoint open to visitors as well: without an Authorization header the caller is null (a
 * visitor); a header that is sent must hold a valid key with the method's scope, so a mistyped key
 * is a 401 and a key without the scope a 403, never a quiet answer at visitors' prices.
 */
export function openApiEndpoint(handlers: Handlers<ApiCaller | null>) {
  return endpoint(handlers, (authorization) =>
    authorization === null ? Promise.resolve(null) : authenticateApiKey(bearerToken(authorization) ?? ""),
  );
}

export function answerError(error: unknown, request: Request, headers: Record<string, string> = {}): Response {
  if (error instanceof ApiProblem) return problemResponse(error, headers);
  if (waitedForConnection(error)) {
    logger.warn(
      { err: error, path: new URL(request.url).pathname },
      "API request refused: no database connection free",
    );
    return answerError(storeBusy, request, headers);
  }
  if (error instanceof StoreError) return problemResponse(fromStoreError(error), { ...error.headers, ...headers });
  logger.error({ err: error, path: new URL(request.url).pathname }, "API request failed");
  return problemResponse(
    new ApiProblem(500, "internal_error", "Something went wrong on our side. Please try again in a moment."),
  );
}
