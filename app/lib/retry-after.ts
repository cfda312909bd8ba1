// An action refused for trying too often answers 429 with Retry-After; React Router sends an
// action's own headers (other than Set-Cookie) only through the route's `headers` export.
import type { HeadersArgs } from "react-router";

/** The parent route's headers, and the Retry-After of an action that was refused, if any. */
export function withRetryAfter({ actionHeaders, parentHeaders }: Pick<HeadersArgs, "actionHeaders" | "parentHeaders">) {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}
