// What the server knows about the request being answered, set once before any loader or action
// runs (the HTTP layer and the root middleware) and read by guards, the cart and rate limits.
import { createContext } from "react-router";
import type { CompanyRole } from "../domain/companies/companies";

/** The per-request CSP nonce the server sets, so the document's own scripts may run. */
export const nonceContext = createContext<string | undefined>(undefined);

/** The address of the client's connection, for per-address rate limits. */
export const clientAddressContext = createContext<string>("unknown");

/**
 * How the page's loaders and actions failed, told by React Router's handleError (app/entry.server.tsx)
 * to the HTTP layer, which answers the page: whether the database pool had no connection free in time.
 */
export const pageFailureContext = createContext<{ poolBusy: boolean } | undefined>(undefined);

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

/** The purchasing account a buyer buys for, as it stood when the request began. */
export interface BuyerCompany {
  id: string;
  name: string | null;
  accountNumber: string;
  /** The account buys on terms (Net 30, 60 or 90: `termsDays`) within `creditLimit`. */
  onTerms: boolean;
  termsDays: number;
  creditLimit: string;
  poRequired: boolean;
}

/**
 * A company's own catalogue as a query reads it (docs/decisions/customer-catalogues.md): the
 * company whose rules apply, and the rules' version, which names the pages cached for them.
 */
export interface CatalogueScope {
  companyId: string;
  version: number;
}

/**
 * Who is buying: the user, their company, their role in it and their spend limits, resolved once
 * per request (`buyerOf`, server/companies/buyer.ts) for a session, an API key or a PunchOut
 * session alike. Every rule that asks "whose orders, prices, lists, addresses" reads it here.
 */
export interface Buyer {
  userId: string;
  email: string;
  name: string;
  /** Null only for an account that belongs to no company (the rules refuse what needs one). */
  company: BuyerCompany | null;
  role: CompanyRole | null;
  /** The member's spend limits, decimal dollars; null is no limit. */
  orderLimit: string | null;
  monthlyLimit: string | null;
  /** The parts this buyer may see and buy: their company's catalogue, or null for every part. */
  catalogue: CatalogueScope | null;
}

/** The signed-in user as a buyer, or null for a visitor (and on shared pages, which name nobody). */
export const buyerContext = createContext<Buyer | null>(null);

/**
 * The catalogue the request's answers are read from (`catalogue` null: every part): set before the
 * loaders run, by the HTTP layer for the pages it may keep, by the session middleware otherwise;
 * null until one of them has.
 */
export const catalogueContext = createContext<{ catalogue: CatalogueScope | null } | null>(null);

/**
 * The PunchOut session the browser session was opened by (docs/punchout.md): the procurement
 * system's connection and where the cart goes back. Null in an ordinary session.
 */
export interface PunchOutContext {
  id: string;
  operation: "create" | "edit" | "inspect";
  buyerCookie: string;
  returnUrl: string;
  connection: { id: string; name: string; protocol: "cxml" | "oci"; identity: string; domain: string | null };
}

export const punchOutContext = createContext<PunchOutContext | null>(null);
