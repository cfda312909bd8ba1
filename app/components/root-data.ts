// What the root loader gives every page, and the hooks that read it. Its own module, so the
// header and footer that root renders do not import root back.
import { useFetcher, useRouteLoaderData } from "react-router";
import type { CategoryTree } from "../../domain/catalog/category-tree";
import type { HeaderUser } from "../../server/context";
import type { CartResponse } from "../routes/api.cart";
import type { ToastMessage } from "./toasts";

interface StoreContact {
  email: string;
  phone: string;
  /** The year the operator says the business started (STORE_FOUNDED_YEAR); null: name no year. */
  foundedYear: number | null;
  /** Counted from that year (domain/dates/years-in-business.ts); null: say none. */
  yearsInBusiness: number | null;
}

export interface RootData {
  store: StoreContact;
  /** The storefront's category tree (active entries), for the navigation, footer and facets. */
  categories: CategoryTree;
  /**
   * A shared catalogue page (domain/catalog/shared-pages.ts): the same document for everyone, so `user`
   * is always null here and who is signed in comes from the buyer's own request (GET /api/cart).
   */
  shared: boolean;
  /** The signed-in user, or null for a visitor (and on a shared page). */
  user: HeaderUser | null;
  /** The flash toast an action or redirect left for this page. */
  toast: ToastMessage | null;
}

const fallbackStore: StoreContact = { email: "", phone: "", foundedYear: null, yearsInBusiness: null };

export function useStoreContact(): StoreContact {
  return useRouteLoaderData<RootData>("root")?.store ?? fallbackStore;
}

/**
 * The signed-in user, null for a visitor, or undefined while nobody knows yet: on a shared page,
 * until the buyer's own request (the cart fetcher's, see use-cart.ts) has answered.
 */
export function useSignedInUser(): HeaderUser | null | undefined {
  const root = useRouteLoaderData<RootData>("root");
  const own = useFetcher<CartResponse>({ key: "cart" }).data;
  // A page rendered for this buyer (account, checkout, admin) knows them as of its last load,
  // reloaded after every form sent; on a shared page only their own request does.
  if (root && !root.shared) return root.user;
  return own?.user;
}

const noCategories: CategoryTree = [];

export function useCategoryTree(): CategoryTree {
  return useRouteLoaderData<RootData>("root")?.categories ?? noCategories;
}
