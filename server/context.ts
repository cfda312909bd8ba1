// What the server knows about the request being answered, set once before any loader or action
// runs (the HTTP layer and the root middleware) and read by guards, the cart and rate limits.
import { createContext } from "react-router";

/** The per-request CSP nonce the server sets, so the document's own scripts may run. */
export const nonceContext = createContext<string | undefined>(undefined);

/** The address of the client's connection, for per-address rate limits. */
export const clientAddressContext = createContext<string>("unknown");

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
  /** The account signs in with a code from an authenticator as well as the password. */
  twoFactorEnabled: boolean;
  /** This session was opened with such a code. */
  twoFactorVerified: boolean;
}

/** The signed-in user as the header and the back office show them (no id, nothing of the session). */
export type HeaderUser = Pick<SignedInUser, "email" | "name" | "isAdmin" | "twoFactorEnabled">;

export function headerUser(user: SignedInUser | null): HeaderUser | null {
  return user
    ? { email: user.email, name: user.name, isAdmin: user.isAdmin, twoFactorEnabled: user.twoFactorEnabled }
    : null;
}

/** Who is asking: the session's user, or null for a visitor. */
export const userContext = createContext<SignedInUser | null>(null);
