import { startTransition, useEffect, useState } from "react";

/** Set once the first page has hydrated: components mounted after it start out hydrated. */
let pageHydrated = false;

/**
 * False in the server's HTML and during hydration, true once React runs in the browser. Buttons
 * that only work with JavaScript stay disabled until then, so an early click is not silently lost.
 * The switch is a transition: the page's cards and buttons re-render in slices React can pause for
 * a tap, where a store's snapshot change (useSyncExternalStore) re-rendered them all at once.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    pageHydrated = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
