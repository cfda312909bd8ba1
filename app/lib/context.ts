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

/** Who is asking: the session's user, or null for a visitor. */
export const userContext = createContext<SignedInUser | null>(null);
