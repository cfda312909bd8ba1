// Longer than any path of the store with its query; a Location header that long is a mistake or an attack.
const MAX_REDIRECT_LENGTH = 2_000;

/**
 * A path on this site to go to after signing in; anything else (another host, "//x", a control
 * or non-ASCII character a Location header cannot carry, 2,000 characters or more) goes to the fallback.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // Printable ASCII only: a path the store makes is percent-encoded, and a Location header cannot
  // carry a control character or (Node refuses it, a 500) a character past U+00FF, as "/。evil.com".
  if (to.length >= MAX_REDIRECT_LENGTH || /[^\u0020-\u007e]/.test(to)) return fallback;
  return to;
}

/** The path of the page the request came from on this site, else the fallback. */
export function refererPath(request: Request, fallback = "/"): string {
  const referer = URL.parse(request.headers.get("referer") ?? "");
  if (!referer || referer.origin !== new URL(request.url).origin) return fallback;
  return safeRedirect(referer.pathname + referer.search, fallback);
}
