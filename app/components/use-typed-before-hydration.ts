import { type RefObject, useEffect } from "react";

/**
 * Catalogue pages hydrate after their first paint (app/lib/hydration-after-paint.ts), so a buyer
 * can type into a box before React controls it; React's next render would put back the value it
 * knows. Once mounted, what the box holds is taken as typed.
 */
export function useTypedBeforeHydration(
  box: RefObject<HTMLInputElement | null>,
  rendered: string,
  typed: (value: string) => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: only what was typed before mounting
  useEffect(() => {
    const value = box.current?.value;
    if (value !== undefined && value !== rendered) typed(value);
  }, []);
}
