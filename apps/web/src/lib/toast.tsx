// Toasts (sonner) without sonner in the first page's scripts (issue 7: initial JS): the library
// loads a few seconds after the app starts, or at once when a toast is asked for earlier.
import { useEffect, useState } from "react";
import type * as SonnerModule from "sonner";
import type { ExternalToast } from "sonner";

type Sonner = typeof SonnerModule;

let sonner: Promise<Sonner> | null = null;
const loadSonner = () => (sonner ??= import("sonner"));

let markMounted: () => void = () => {};
const toasterMounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});
const mountNow = new Set<() => void>();

/** Mounted once by the app; renders sonner's Toaster when the library has loaded. */
export function LazyToaster() {
  const [Toaster, setToaster] = useState<Sonner["Toaster"] | null>(null);
  useEffect(() => {
    let active = true;
    const load = () => void loadSonner().then((m) => active && setToaster(() => m.Toaster));
    mountNow.add(load);
    const later = window.setTimeout(load, 3000);
    return () => {
      active = false;
      mountNow.delete(load);
      window.clearTimeout(later);
    };
  }, []);
  // runs after the Toaster's own effects, so it is listening when the first toast is sent
  useEffect(() => {
    if (Toaster) markMounted();
  }, [Toaster]);
  return Toaster ? <Toaster position="top-center" richColors closeButton /> : null;
}

async function show(kind: "success" | "error" | "info", message: string, options?: ExternalToast) {
  for (const load of mountNow) load();
  const m = await loadSonner();
  await toasterMounted;
  m.toast[kind](message, options);
}

export const toast = {
  success: (message: string, options?: ExternalToast) => void show("success", message, options),
  error: (message: string, options?: ExternalToast) => void show("error", message, options),
  info: (message: string, options?: ExternalToast) => void show("info", message, options),
};
