// Stands in for @radix-ui/react-use-is-hydrated (see vite.config.ts). Radix's hook reads a store
// whose browser value differs from the server's, so React re-renders its tabs and radio buttons
// synchronously right after hydrating the page, and with them runs every effect of the page at
// once: one task of ~45 ms on a phone where there would be two short ones. The store's own hook
// says the same (false during hydration, true after) and switches in a transition.
export { useHydrated as useIsHydrated } from "./use-hydrated";
