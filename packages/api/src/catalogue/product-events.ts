/**
 * Tells readers that cache product data (the product list cache of the server) that products
 * or stock changed. In one process it is a plain listener list; the server connects it to
 * PostgreSQL LISTEN/NOTIFY so several instances sharing one database stay in step.
 */
export interface ProductEvents {
  changed(): void;
  subscribe(listener: () => void): () => void;
}

export function createProductEvents(): ProductEvents {
  const listeners = new Set<() => void>();
  return {
    changed() {
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
