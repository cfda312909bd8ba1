/**
 * Gives `element` the focus when the page has none: after the control that had it was removed
 * (a cart line, a promo code's field), not over a control the buyer has since moved to.
 */
export function focusIfLost(element: HTMLElement | null | undefined) {
  if (document.activeElement && document.activeElement !== document.body) return;
  element?.focus();
}
