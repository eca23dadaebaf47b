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
