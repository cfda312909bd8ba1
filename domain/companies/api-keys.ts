// The API keys page's forms and what a key may do (docs/decisions/api.md), shared by the page, its
// action and the API's door.
import { z } from "zod";
import { required } from "../text/form-fields";
import { type CompanyPermission, type CompanyRole, can } from "./companies";

export const API_KEY_NAME_MAX = 80;

/**
 * What a key may do, chosen when it is made and kept with it. Each endpoint of /api/v1 needs one
 * (server/api/http.ts); a key without it is answered 403 naming the scope.
 */
export const apiScopes = ["catalog:read", "orders:read", "addresses:read", "orders:write"] as const;
export type ApiScope = (typeof apiScopes)[number];

export const apiScopeLabels: Record<ApiScope, string> = {
  "catalog:read": "Read the catalogue and your company's prices",
  "orders:read": "Read your company's orders",
  "addresses:read": "Read your company's address book",
  "orders:write": "Place orders on your company's terms",
};

/** A new key's scope unless the admin chooses more: reading the catalogue and prices, nothing of the company's own. */
export const defaultApiScopes: readonly ApiScope[] = ["catalog:read"];

/**
 * The permission the key's maker must hold for the key to use a scope, when making it and on every
 * call: a key never does more than its maker may do now. Every member sees the catalogue, the
 * company's orders and its address book; placing orders is a permission of its own.
 */
export const scopePermissions: Record<ApiScope, CompanyPermission | null> = {
  "catalog:read": null,
  "orders:read": null,
  "addresses:read": null,
  "orders:write": "placeOrders",
};

/** Whether a member with `role` may give a key `scope`, or have a key of theirs use it. */
export function roleMayUse(role: CompanyRole, scope: ApiScope): boolean {
  const permission = scopePermissions[scope];
  return permission === null || can(role, permission);
}

/** The scopes in the order the page lists them, each once. */
export const sortedScopes = (scopes: readonly ApiScope[]): ApiScope[] =>
  apiScopes.filter((scope) => scopes.includes(scope));

const scopeField = z.enum(apiScopes, { message: "Choose what the key may do from the list" });

export const createApiKeySchema = z.object({
  name: required("Give the key a name, e.g. the system that will use it", API_KEY_NAME_MAX),
  // A checkbox group: one value, several, or none (Conform sends none as undefined).
  scopes: z
    .array(scopeField, { message: "Choose at least one thing the key may do" })
    .min(1, "Choose at least one thing the key may do")
    .max(apiScopes.length)
    .transform(sortedScopes),
});
export const revokeApiKeySchema = z.object({ keyId: z.uuid("That API key does not exist.") });
