// One error type for domain code: a message meant for people and the HTTP status it maps to.
export type ErrorKind =
  | "Invalid"
  | "Unauthorized"
  | "Forbidden"
  | "NotFound"
  | "Conflict"
  | "TooManyRequests"
  | "Unavailable";

const statuses: Record<ErrorKind, number> = {
  Invalid: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  TooManyRequests: 429,
  // A service the store depends on (the payment provider) did not answer; trying again later may work.
  Unavailable: 503,
};

export class StoreError extends Error {
  readonly kind: ErrorKind;
  readonly status: number;
  /** For TooManyRequests and Unavailable: when asking again may work (the Retry-After header). */
  readonly retryAfterSeconds?: number;
  /** The form's field the refusal is about, when the rules know it (an expiry already past): told beside it. */
  readonly field?: string;
  constructor(kind: ErrorKind, message: string, options: { retryAfterSeconds?: number; field?: string } = {}) {
    super(message);
    this.kind = kind;
    this.status = statuses[kind];
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.field = options.field;
  }

  /** The headers an answer with this error carries (Retry-After, when known). */
  get headers(): Record<string, string> {
    return this.retryAfterSeconds ? { "Retry-After": String(this.retryAfterSeconds) } : {};
  }
}
