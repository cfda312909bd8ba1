// Who is asking: the signed-in user of a request, and guards that stop the request otherwise.
import { and, eq } from "drizzle-orm";
import { redirect } from "react-router";
import { db } from "../db/client";
import { userRoles } from "../db/schema";
import { auth } from "./auth";

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
}

export async function isAdmin(userId: string): Promise<boolean> {
  const rows = await db()
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")))
    .limit(1);
  return rows.length > 0;
}

export async function getUser(request: Request): Promise<SignedInUser | null> {
  const session = await auth().api.getSession({ headers: request.headers });
  if (!session) return null;
  const { id, email, name } = session.user;
  return { id, email, name, isAdmin: await isAdmin(id) };
}

/** Sends a visitor without a session to /auth, and back here after signing in. */
export async function requireUser(request: Request): Promise<SignedInUser> {
  const user = await getUser(request);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return user;
}

/** 401 for a guest, 403 for a signed-in customer: admin data never leaves otherwise. */
export async function requireAdmin(request: Request): Promise<SignedInUser> {
  const user = await getUser(request);
  if (!user) throw new Response("Sign in as an admin to continue.", { status: 401 });
  if (!user.isAdmin) throw new Response("You don't have admin privileges to access this page.", { status: 403 });
  return user;
}
