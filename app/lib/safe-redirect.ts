/** A path on this site to go to after signing in; anything else (another host, "//x") goes home. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}

/** The path of the page the request came from on this site, else the fallback. */
export function refererPath(request: Request, fallback = "/"): string {
  const referer = URL.parse(request.headers.get("referer") ?? "");
  if (!referer || referer.origin !== new URL(request.url).origin) return fallback;
  return safeRedirect(referer.pathname + referer.search, fallback);
}
