// Toasts without sonner on the first load: the toaster (sonner, about 8 KB) loads on the buyer's
// first key or pointer press, or with the first toast, and then shows what was asked before it came.

export interface ToastMessage {
  type: "success" | "error" | "info";
  title: string;
  description?: string;
  /** A toast flashed by the server: two loaders reading it at once (a revalidation and a
   *  navigation) both answer it, and it is shown once. */
  id?: string;
}

let pending: ToastMessage[] = [];
const shownIds = new Set<string>();
let wanted = false;
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

/** Loads the toaster now, so its live region is on the page before a toast is put in it. */
export function wantToaster() {
  if (wanted) return;
  wanted = true;
  changed();
}

export function toasterWanted(): boolean {
  return wanted;
}

export function onToastsChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toasts asked for since the last call, for the toaster to show. */
export function takeToasts(): ToastMessage[] {
  const taken = pending;
  pending = [];
  return taken;
}

function show(type: ToastMessage["type"]) {
  return (title: string, options: { description?: string; id?: string } = {}) => {
    const { description, id } = options;
    if (id !== undefined) {
      if (shownIds.has(id)) return;
      shownIds.add(id);
    }
    pending = [...pending, { type, title, description }];
    wanted = true;
    changed();
  };
}

export const toast = { success: show("success"), error: show("error"), info: show("info") };
