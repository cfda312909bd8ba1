// What the root loader gives every page, and the hooks that read it. Its own module, so the
// header and footer that root renders do not import root back.
import { useRouteLoaderData } from "react-router";
import type { ToastMessage } from "./toasts";

interface StoreContact {
  email: string;
  phone: string;
  /** Counted from the configured founding year (app/lib/years-in-business.ts); null: say none. */
  yearsInBusiness: number | null;
}

export interface RootData {
  store: StoreContact;
  /** The signed-in user as the header needs it, or null for a visitor. */
  user: { email: string; name: string; isAdmin: boolean; twoFactorEnabled: boolean } | null;
  /** The flash toast an action or redirect left for this page. */
  toast: ToastMessage | null;
}

const fallbackStore: StoreContact = { email: "", phone: "", yearsInBusiness: null };

export function useStoreContact(): StoreContact {
  return useRouteLoaderData<RootData>("root")?.store ?? fallbackStore;
}

export function useSignedInUser(): RootData["user"] {
  return useRouteLoaderData<RootData>("root")?.user ?? null;
}
