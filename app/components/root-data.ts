// What the root loader gives every page, and the hooks that read it. Its own module, so the
// header and footer that root renders do not import root back.
import { useRouteLoaderData } from "react-router";
import type { CategoryTree } from "../lib/catalog/category-tree";
import type { ToastMessage } from "./toasts";

interface StoreContact {
  email: string;
  phone: string;
}

export interface RootData {
  store: StoreContact;
  /** The storefront's category tree (active entries), for the navigation, footer and facets. */
  categories: CategoryTree;
  /** The signed-in user as the header needs it, or null for a visitor. */
  user: { email: string; name: string; isAdmin: boolean; twoFactorEnabled: boolean } | null;
  /** The flash toast an action or redirect left for this page. */
  toast: ToastMessage | null;
}

const fallbackStore: StoreContact = { email: "", phone: "" };

export function useStoreContact(): StoreContact {
  return useRouteLoaderData<RootData>("root")?.store ?? fallbackStore;
}

export function useSignedInUser(): RootData["user"] {
  return useRouteLoaderData<RootData>("root")?.user ?? null;
}

const noCategories: CategoryTree = [];

export function useCategoryTree(): CategoryTree {
  return useRouteLoaderData<RootData>("root")?.categories ?? noCategories;
}
