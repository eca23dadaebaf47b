import { useEffect, useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False while a server-rendered page is not yet interactive (during hydration), then true.
 * Submit buttons of server-rendered forms stay disabled until then, so an early Enter or click
 * never makes the browser send the form natively (a GET that would put a password in the URL).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** Marks <html data-app-ready> once the app has rendered or hydrated (browser tests wait for it). */
export function useAppReadyMarker() {
  useEffect(() => {
    document.documentElement.dataset.appReady = "";
  }, []);
}

const attached = new WeakSet<Element>();

/**
 * A ref for a controlled field (value + onChange) of a server-rendered page (issue 18). Hydration
 * leaves the DOM as the person left it, but the field's state still holds the server's value: a
 * submit would send that (the header's search found everything), the next render would put it
 * back. At the element's first attachment (hydration), what was typed or picked before the
 * scripts started (its value, when it differs from the markup's) is handed to `keep`: the state
 * setter, or what onChange does. react-hook-form applies the same rule to fields edited before
 * its form is ready (login, registration). A field the browser rendered itself then still holds
 * its markup value: nothing to keep.
 */
export function keepTyped(keep: (value: string) => void) {
  return (el: HTMLInputElement | HTMLSelectElement | null) => {
    if (!el || attached.has(el)) return;
    attached.add(el);
    const typed = el instanceof HTMLSelectElement ? pickedBeforeHydration(el) : el.value !== el.defaultValue ? el.value : undefined;
    if (typed !== undefined) keep(typed);
  };
}

/** The option picked in a server-rendered <select>, when it is not the one the markup selected. */
function pickedBeforeHydration(select: HTMLSelectElement): string | undefined {
  // the server's markup marks the selected option; none marked: the browser rendered it
  const marked = [...select.options].find((o) => o.defaultSelected);
  return marked && select.value !== marked.value ? select.value : undefined;
}
