/** What the server makes of React Router's module preloads and inline module (see .server.ts). */
export const HELD_PRELOAD = "x-after-paint-modulepreload";
export const HELD_TYPE = "text/x-after-paint";
/** Sent by app/entry.client.tsx once React listens to the page's events. */
export const HYDRATION_STARTED_EVENT = "store:hydration-started";
/** Sent by the root once the page has hydrated (effects run children first). */
export const HYDRATED_EVENT = "store:hydrated";

/**
 * Inline, after <Scripts>: once the page has loaded and painted, the preloads are made
 * preloads again, so every module downloads at once rather than import by import, then the held
 * text becomes a live module, which hydrates the page. The work is cut into tasks short enough
 * that a tap in the meantime is answered at once. A button that works only with JavaScript (a tab,
 * a menu, Add to List) pressed before then is pressed again once the page has hydrated, so the
 * press is not lost; links and forms work before it.
 */
export const START_AFTER_PAINT = `(() => {
  let early = null;
  const remember = (event) => {
    // Not a form's submit button: the browser sends the form itself.
    const button = event.target instanceof Element ? event.target.closest('button, [role="tab"]') : null;
    if (button && !(button.form && button.type === "submit")) early = button;
  };
  document.addEventListener("click", remember, true);
  // Pressed again as a pointer would: tabs and menus act on the press, dialogs on the click.
  const pressAgain = (button) => {
    for (const type of ["pointerdown", "mousedown", "pointerup", "mouseup"]) {
      const Kind = type.startsWith("pointer") ? PointerEvent : MouseEvent;
      button.dispatchEvent(new Kind(type, { bubbles: true, cancelable: true, button: 0, pointerType: "mouse", isPrimary: true }));
    }
    button.click();
  };
  // React replays what is pressed once it listens; what was pressed before, the page presses again.
  addEventListener("${HYDRATION_STARTED_EVENT}", () => document.removeEventListener("click", remember, true), { once: true });
  addEventListener("${HYDRATED_EVENT}", () => {
    if (early?.isConnected) pressAgain(early);
  }, { once: true });
  const preloads = [...document.querySelectorAll('link[rel="${HELD_PRELOAD}"]')];
  const hydrate = () => {
    const held = document.querySelector('script[type="${HELD_TYPE}"]');
    if (!held) return;
    const live = document.createElement("script");
    live.type = "module";
    live.nonce = held.nonce;
    live.textContent = held.textContent;
    held.replaceWith(live);
  };
  const preloadSome = () => {
    for (const link of preloads.splice(0, 4)) link.rel = "modulepreload";
    setTimeout(preloads.length > 0 ? preloadSome : hydrate);
  };
  // After the load event and the first contentful paint as the browser reports it (a frame's
  // callbacks run before the frame is shown, which can be later still). A hidden tab paints
  // nothing; a browser without paint timing waits a frame; a picture that never finishes loading,
  // or a page that never paints, holds hydration back 4 seconds at most.
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    preloadSome();
  };
  const afterPaint = () => {
    if (document.visibilityState === "hidden") return go();
    if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) return requestAnimationFrame(() => setTimeout(go));
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      go();
    }).observe({ type: "paint", buffered: true });
  };
  if (document.readyState === "complete") afterPaint();
  else addEventListener("load", afterPaint, { once: true });
  setTimeout(go, 4000);
})();`;
