const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]';

/** What Tab (1) or Shift+Tab (−1) reaches from `from` in document order, skipping hidden and inert elements. */
export function tabNeighbour(from: HTMLElement, step: 1 | -1): HTMLElement | null {
  const all = [...from.ownerDocument.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) =>
      el === from || (el.tabIndex >= 0 && !el.closest('[inert]') && el.checkVisibility({ visibilityProperty: true })),
  );
  return all[all.indexOf(from) + step] ?? null;
}
