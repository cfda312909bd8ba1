// Which company catalogue a session's pages are rendered from, read before the page cache is asked
// (docs/decisions/customer-catalogues.md): shared catalogue pages are kept per catalogue, so the
// cache's key needs it, and the fast path for hits (server/cache-hits.ts) needs it without waiting.
// Kept per session cookie for a minute, and forgotten at once when any catalogue changes or anyone
// joins or leaves a company (which catalogue a session sees follows its person's company).
import { LRUCache } from "lru-cache";
import { auth, sessionCookie } from "../accounts/auth";
import type { CatalogueScope } from "../context";
import { onStoreEvent } from "../events";
import { buyerOf } from "./buyer";

interface Known {
  catalogue?: CatalogueScope | null;
  pending: Promise<CatalogueScope | null>;
}

const bySession = new LRUCache<string, Known>({ max: 20_000, ttl: 60_000 });
onStoreEvent("customerCataloguesChanged", () => bySession.clear());
onStoreEvent("companyMembersChanged", () => bySession.clear());

/**
 * The catalogue of the session in `cookie` if already known here: null without a session (a
 * visitor's, every part), undefined when the session has not been looked up yet.
 */
export function knownSessionCatalogue(cookie: string): CatalogueScope | null | undefined {
  const token = sessionCookie(cookie);
  if (!token) return null;
  const known = bySession.get(token);
  return known && "catalogue" in known ? known.catalogue : undefined;
}

/** The company catalogue of the request's session (null for a visitor, or a company without one). */
export function sessionCatalogue(request: Request): Promise<CatalogueScope | null> {
  const token = sessionCookie(request.headers.get("cookie") ?? "");
  if (!token) return Promise.resolve(null);
  const known = bySession.get(token);
  if (known) return known.pending;
  const entry: Known = {
    pending: lookUp(request).then(
      (catalogue) => {
        entry.catalogue = catalogue;
        return catalogue;
      },
      (error: unknown) => {
        bySession.delete(token);
        throw error;
      },
    ),
  };
  bySession.set(token, entry);
  return entry.pending;
}

async function lookUp(request: Request): Promise<CatalogueScope | null> {
  // A cookie that names no session (expired, forged) is a visitor's: every part.
  const session = await auth().api.getSession({ headers: request.headers });
  if (!session) return null;
  return (await buyerOf(session.user.id))?.catalogue ?? null;
}
