import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { onToastsChanged, type ToastMessage, toast, toasterWanted, wantToaster } from "../lib/toast";

export type { ToastMessage };

const LoadedToaster = lazy(() => import("./toaster"));

/** The toaster, once wanted: on the first key or pointer press, or with the first toast. */
export function LazyToaster() {
  const wanted = useSyncExternalStore(onToastsChanged, toasterWanted, () => false);
  useEffect(() => {
    const options = { capture: true, once: true, passive: true };
    window.addEventListener("pointerdown", wantToaster, options);
    window.addEventListener("keydown", wantToaster, options);
    return () => {
      window.removeEventListener("pointerdown", wantToaster, options);
      window.removeEventListener("keydown", wantToaster, options);
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LoadedToaster />
    </Suspense>
  );
}

/** Shows a toast the server sent (with a page or an action's answer), once per message. */
export function useToast(message: ToastMessage | null | undefined) {
  useEffect(() => {
    if (!message) return;
    toast[message.type](message.title, { description: message.description, id: message.id });
  }, [message]);
}
