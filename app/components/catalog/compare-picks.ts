// The parts a buyer ticked to compare, kept in this browser (localStorage) while they move between
// listings and search results; the comparison itself lives in the compare page's address.
import { useSyncExternalStore } from "react";
import { MAX_COMPARED, tooManyMessage } from "../../../domain/catalog/compare";

export interface ComparePick {
  partNumber: string;
  name: string;
}

interface ComparePicks {
  picks: ComparePick[];
  /** Why the last tick was refused (a fifth part), for the compare bar to say; null otherwise. */
  notice: string | null;
}

const STORAGE_KEY = "compare-parts";
const nothing: ComparePicks = { picks: [], notice: null };
const listeners = new Set<() => void>();
let current: ComparePicks | undefined;

const isPick = (value: unknown): value is ComparePick =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as ComparePick).partNumber === "string" &&
  typeof (value as ComparePick).name === "string";

/**
 * What this browser kept; anything unreadable (another version's, edited by hand) counts as none.
 * None is the server's own value, so a page hydrates without re-rendering every card for it.
 */
function stored(): ComparePicks {
  try {
    const kept: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? "[]");
    const picks = Array.isArray(kept) ? kept.filter(isPick).slice(0, MAX_COMPARED) : [];
    return picks.length > 0 ? { picks, notice: null } : nothing;
  } catch {
    return nothing;
  }
}

function update(next: ComparePicks) {
  current = next;
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next.picks));
  } catch {
    // Private modes may refuse storage: the picks then last as long as the page.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Ticked in another tab: read again.
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY) return;
    current = stored();
    listener();
  };
  window.addEventListener("storage", fromOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", fromOtherTab);
  };
}

/** The picks, none while the server renders (it cannot know them) and until hydration. */
export function useComparePicks(): ComparePicks {
  return useSyncExternalStore(
    subscribe,
    () => {
      current ??= stored();
      return current;
    },
    () => nothing,
  );
}

/** Ticks or unticks a part; a fifth is refused with a notice and stays unticked. */
export function setCompared(pick: ComparePick, compared: boolean) {
  const { picks } = current ?? stored();
  const same = (other: ComparePick) => other.partNumber === pick.partNumber;
  if (!compared) return update({ picks: picks.filter((other) => !same(other)), notice: null });
  if (picks.some(same)) return;
  if (picks.length >= MAX_COMPARED) return update({ picks, notice: tooManyMessage });
  update({ picks: [...picks, pick], notice: null });
}

export function clearCompared() {
  update(nothing);
}
