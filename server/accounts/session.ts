// Who is asking: the session is read once per request by the root middleware, and every loader
// and action reads the answer through these guards.
import { and, eq } from "drizzle-orm";
import { type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { isSharedPage } from "../../domain/catalog/shared-pages";
import { buyerOf } from "../companies/buyer";
import { config } from "../config";
import {
  type Buyer,
  buyerContext,
  type CatalogueScope,
  catalogueContext,
  type PunchOutContext,
  punchOutContext,
  type SignedInUser,
  userContext,
} from "../context";
import { db } from "../db/client";
import { userRoles } from "../db/schema";
import { punchOutById } from "../procurement/punchout-sessions";
import { auth, sessionCookie } from "./auth";

export type { SignedInUser };

type RequestArgs = { request: Request; context: Readonly<RouterContextProvider> };

export async function isAdmin(userId: string): Promise<boolean> {
  const rows = await db()
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")))
    .limit(1);
  return rows.length > 0;
}

/** Who the session cookie names: the user and, read beside their admin role, the buyer they are. */
async function whoIsAsking(
  request: Request,
): Promise<{ user: SignedInUser; buyer: Buyer | null; punchOut: PunchOutContext | null } | null> {
  // A visitor's request (most of them) has no session cookie: better-auth is not asked.
  if (!sessionCookie(request.headers.get("cookie") ?? "")) return null;
  const session = await auth().api.getSession({ headers: request.headers });
  if (!session) return null;
  const { id, email, name, twoFactorEnabled } = session.user;
  const { punchoutSessionId } = session.session as { punchoutSessionId?: string | null };
  const [admin, buyer, punchOut] = await Promise.all([
    isAdmin(id),
    buyerOf(id),
    punchoutSessionId ? punchOutById(punchoutSessionId) : null,
  ]);
  const user = {
    id,
    email,
    name,
    isAdmin: admin,
    twoFactorEnabled: twoFactorEnabled === true,
    twoFactorVerified: session.session.twoFactorVerified === true,
  };
  return { user, buyer, punchOut };
}

/** The user whose session cookie the request carries, or null. */
export async function userFromSession(request: Request): Promise<SignedInUser | null> {
  return (await whoIsAsking(request))?.user ?? null;
}

/**
 * The root middleware: the one place a request's session is looked up. A shared catalogue page is
 * read without it: the same document for everyone, it cannot show what it never knew.
 */
export const readSession: MiddlewareFunction<Response> = async ({ request, context }) => {
  const readsOnly = request.method === "GET" || request.method === "HEAD";
  if (readsOnly && isSharedPage(new URL(request.url).pathname)) return;
  const asking = await whoIsAsking(request);
  context.set(userContext, asking?.user ?? null);
  // The buyer is resolved here, once: every loader and action of the request reads it.
  context.set(buyerContext, asking?.buyer ?? null);
  context.set(punchOutContext, asking?.punchOut ?? null);
  // Unless the HTTP layer already chose the catalogue a page it may keep is rendered from.
  // (It chose it from the same session; had the buyer's company changed since, the page it keeps
  // under the catalogue it chose must still be that catalogue's.)
  if (context.get(catalogueContext) === null)
    context.set(catalogueContext, { catalogue: asking?.buyer?.catalogue ?? null });
};

/**
 * The parts this request's answers may show: the company catalogue of whoever asks (on a shared
 * page, as the HTTP layer read it from the session for the page cache's key), or null for every part.
 */
export function currentCatalogue(context: Readonly<RouterContextProvider>): CatalogueScope | null {
  return context.get(catalogueContext)?.catalogue ?? null;
}

export function currentUser(context: Readonly<RouterContextProvider>): SignedInUser | null {
  return context.get(userContext);
}

/** Sends a visitor without a session to /auth, and back here after signing in. */
export function requireUser({ request, context }: RequestArgs): SignedInUser {
  const user = currentUser(context);
  if (!user) {
    const url = new URL(request.url);
    // A client-side navigation asks for the page's data at <path>.data (with ?_routes=): the
    // visitor comes back to the page itself.
    url.searchParams.delete("_routes");
    const page = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
    throw redirect(`/auth?redirectTo=${encodeURIComponent(page + url.search)}`);
  }
  return user;
}

/** The PunchOut session this browser session belongs to, or null (docs/punchout.md). */
export function currentPunchOut(context: Readonly<RouterContextProvider>): PunchOutContext | null {
  return context.get(punchOutContext);
}

/** The request's buyer, or null for a visitor (and on a shared page, which names nobody). */
export function currentBuyer(context: Readonly<RouterContextProvider>): Buyer | null {
  return context.get(buyerContext);
}

/** The signed-in buyer; a visitor is sent to sign in, as by `requireUser`. */
export function requireBuyer(args: RequestArgs): Buyer {
  requireUser(args);
  const buyer = currentBuyer(args.context);
  if (!buyer) throw new Error("The session middleware resolves the buyer with the user.");
  return buyer;
}

export const TWO_FACTOR_SETUP_PATH = "/admin/two-factor";

/**
 * 401 for a guest, 403 for a signed-in customer: admin data never leaves otherwise. An admin with
 * two-factor sign-in is served only in a session opened with a code (401 sends them to the login);
 * with ADMIN_REQUIRE_2FA, an admin without it is sent to set it up, the one page (`enrolling`)
 * open to them until then.
 */
export function requireAdmin(
  { context }: Pick<RequestArgs, "context">,
  { enrolling = false }: { enrolling?: boolean } = {},
): SignedInUser {
  const user = currentUser(context);
  if (!user) throw new Response("Sign in as an admin to continue.", { status: 401 });
  if (!user.isAdmin) throw new Response("You don't have admin privileges to access this page.", { status: 403 });
  if (user.twoFactorEnabled && !user.twoFactorVerified) {
    throw new Response("Sign in again with your two-factor code to continue.", { status: 401 });
  }
  if (!enrolling && !user.twoFactorEnabled && config().ADMIN_REQUIRE_2FA) throw redirect(TWO_FACTOR_SETUP_PATH);
  return user;
}
