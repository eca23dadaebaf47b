// Cart and order-line rules: how many of one product a line may hold.

/** Quantity of one order line: a whole number from 1 to 100 (business limit for one line). */
export const MAX_LINE_QUANTITY = 100;

/** The most a shopper can pick for one line: what is in stock, at most the line limit, at least 1. */
export const maxPickable = (inStock: number): number => Math.max(1, Math.min(inStock, MAX_LINE_QUANTITY));

/** Why `quantity` of a product cannot be put in a line (over the line limit, or more than is in stock), or null when it can. */
export function whyNotAvailable(product: { productName: string; quantity: number }, quantity: number): { over: "limit" | "stock"; message: string } | null {
  if (quantity > MAX_LINE_QUANTITY) return { over: "limit", message: `At most ${MAX_LINE_QUANTITY} of one product per order.` };
  if (quantity <= product.quantity) return null;
  return {
    over: "stock",
    message: product.quantity === 0 ? `${product.productName} is out of stock.` : `Only ${product.quantity} left of ${product.productName}.`,
  };
}
