// Who is asking: the session is read once per request by the root middleware, and every loader
// and action reads the answer through these guards.
import { and, eq } from "drizzle-orm";
import { type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { type SignedInUser, userContext } from "../../app/lib/context";
import { db } from "../db/client";
import { userRoles } from "../db/schema";
import { auth } from "./auth";

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

/** The user whose session cookie the request carries, or null. */
export async function userFromSession(request: Request): Promise<SignedInUser | null> {
  const session = await auth().api.getSession({ headers: request.headers });
  if (!session) return null;
  const { id, email, name } = session.user;
  return { id, email, name, isAdmin: await isAdmin(id) };
}

/** The root middleware: the one place a request's session is looked up. */
export const readSession: MiddlewareFunction<Response> = async ({ request, context }) => {
  context.set(userContext, await userFromSession(request));
};

export function currentUser(context: Readonly<RouterContextProvider>): SignedInUser | null {
  return context.get(userContext);
}

/** Sends a visitor without a session to /auth, and back here after signing in. */
export function requireUser({ request, context }: RequestArgs): SignedInUser {
  const user = currentUser(context);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return user;
}

/** 401 for a guest, 403 for a signed-in customer: admin data never leaves otherwise. */
export function requireAdmin({ context }: Pick<RequestArgs, "context">): SignedInUser {
  const user = currentUser(context);
  if (!user) throw new Response("Sign in as an admin to continue.", { status: 401 });
  if (!user.isAdmin) throw new Response("You don't have admin privileges to access this page.", { status: 403 });
  return user;
}
