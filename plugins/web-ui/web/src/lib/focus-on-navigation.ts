import { useEffect, useRef } from 'react';

/**
 * After a client-side navigation, moves focus to the new page's h1, as a full page load
 * would put a screen reader at the top of the new page (otherwise focus is left on <body>,
 * or on a link of the page that is gone). The first load leaves focus where the browser
 * puts it. A page that shows its h1 only once its data is in gets focus then, unless the
 * operator has already moved focus into the page themselves.
 */
export function useFocusOnNavigation(location: string, container: () => HTMLElement | null): void {
  // The location focus was last placed for: the first load's, so neither it nor a re-run of the effect (StrictMode) moves focus.
  const placedFor = useRef(location);
  useEffect(() => {
    if (placedFor.current === location) return;
    placedFor.current = location;
    const root = container();
    if (!root) return;
    const focusHeading = (): boolean => {
      // Suspense keeps the previous page in the DOM, hidden, while the next one loads: only a shown h1 is the new page's.
      const heading = Array.from(root.querySelectorAll('h1')).find((h1) => h1.getClientRects().length > 0);
      if (!heading) return false;
      // Focused from script only: not a Tab stop.
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      if (userMovedFocusInto(root)) return true;
      heading.focus({ preventScroll: true });
      return true;
    };
    // After this frame: a dialog that closed on the way gives focus back first, then the heading takes it.
    let observer: MutationObserver | undefined;
    const frame = requestAnimationFrame(() => {
      if (focusHeading()) return;
      observer = new MutationObserver(() => {
        if (focusHeading()) observer?.disconnect();
      });
      observer.observe(root, { childList: true, subtree: true });
    });
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
    };
  }, [location, container]);
}

/** Focus on a control of the page (not the page's body, nor a heading we focused) is the operator's own. */
function userMovedFocusInto(root: HTMLElement): boolean {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body && root.contains(active) && active.tagName !== 'H1';
}
