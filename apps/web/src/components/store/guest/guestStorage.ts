// What a shopper without an account keeps in this browser (issue 29): the guest cart's token, made on
// the first Add to cart, and each guest order's access token (X-Order-Token), kept per order.
const CART_KEY = "guestCartToken";
const ORDERS_KEY = "guestOrderTokens";

const storage = () => (typeof localStorage === "undefined" ? null : localStorage);
const listeners = new Set<() => void>();

export function guestCartToken(): string | null {
  return storage()?.getItem(CART_KEY) ?? null;
}

export function saveGuestCartToken(token: string | null): void {
  if (token) storage()?.setItem(CART_KEY, token);
  else storage()?.removeItem(CART_KEY);
  for (const l of listeners) l();
}

/** Re-render on a new or forgotten cart (this tab's change, or another tab's). */
export function onGuestCartChange(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

function orderTokens(): Record<string, string> {
  try {
    const parsed = JSON.parse(storage()?.getItem(ORDERS_KEY) ?? "{}") as unknown;
    return parsed && typeof parsed === "object" ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** The order's access token, if this browser placed it or opened its mail's link. */
export function orderAccessToken(productOrderId: string): string | null {
  return orderTokens()[productOrderId] ?? null;
}

export function saveOrderAccessToken(productOrderId: string, token: string): void {
  storage()?.setItem(ORDERS_KEY, JSON.stringify({ ...orderTokens(), [productOrderId]: token }));
}

/**
 * The X-Order-Token header of a tRPC request (lib/trpc.ts): the token of the first order it reads that
 * this browser holds one for. A logged-in customer's own orders need none; sending it is harmless.
 */
export function orderTokenHeader(inputs: readonly unknown[]): Record<string, string> {
  for (const input of inputs) {
    const id = (input as { productOrderId?: unknown } | null | undefined)?.productOrderId;
    const token = typeof id === "string" ? orderAccessToken(id) : null;
    if (token) return { "X-Order-Token": token };
  }
  return {};
}
