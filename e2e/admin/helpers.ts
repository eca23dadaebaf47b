// Helpers of the admin browser tests: data made through the REST API, tile counts, a tiny PNG.
import type { APIRequestContext, Page } from "@playwright/test";
import { adminToken, expect, loginAdminInBrowser, registerCustomer } from "../fixtures";

/** A valid 1x1 PNG. */
export const PNG_1x1 = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

let n = 0;
/** A short unique token for names, so specs sharing one database find their own rows. */
export function uniq(prefix = "T"): string {
  n++;
  return `${prefix}${Date.now().toString(36)}${n}${Math.floor(Math.random() * 1296).toString(36)}`;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function loginAdmin(page: Page, request: APIRequestContext): Promise<string> {
  const token = await adminToken(request);
  await loginAdminInBrowser(page, token);
  return token;
}

export async function createProduct(request: APIRequestContext, token: string, overrides: Record<string, unknown> = {}) {
  const res = await request.post("/api/v1/products/saves", {
    headers: bearer(token),
    data: {
      productName: uniq("Product "),
      productPrice: 120,
      mainPrice: 150,
      offer: "20% off",
      packSize: "500ml",
      productInfo: "A test cleaner.",
      deliveryCharge: "Free",
      quantity: 500,
      ...overrides,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { product: { productId: number; productName: string } }).product;
}

/**
 * Sets the per-customer order limits (Settings, anti-hoarding); a test that orders more than a person
 * would lifts them and puts the defaults back after.
 */
export async function setOrderLimits(request: APIRequestContext, token: string, limits = { maxOpenUnpaidOrders: 10, maxOrdersPerHour: 20 }) {
  const res = await request.post("/api/v1/settings", { headers: bearer(token), data: limits });
  expect(res.status(), await res.text()).toBe(200);
}

export async function placeOrder(request: APIRequestContext, customer: { token: string; customerId: number }, productId: number, quantity = 1) {
  const res = await request.post("/api/v1/productOrder/save", {
    headers: bearer(customer.token),
    data: { productId, quantity, customerId: customer.customerId },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { order: { orderId: number; productOrderId: string } }).order;
}

export async function setOrderStatus(request: APIRequestContext, token: string, orderId: number, orderStatus: string) {
  const res = await request.post(`/api/v1/productOrder/update/${orderId}`, { headers: bearer(token), data: { orderStatus } });
  expect(res.status(), await res.text()).toBe(200);
}

export async function addToCart(request: APIRequestContext, customer: { token: string; customerId: number }, productId: number, quantity = 1) {
  const res = await request.post("/api/v1/addToCart/save", { headers: bearer(customer.token), data: { productId, quantity } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { addToCart: { addToCartId: number } }).addToCart;
}

/** A customer with one product of its own and one order of it. */
export async function customerWithOrder(request: APIRequestContext, token: string) {
  const product = await createProduct(request, token, { productName: uniq("Lifecycle Cleaner ") });
  const customer = await registerCustomer(request);
  const order = await placeOrder(request, customer, product.productId, 2);
  return { product, customer, order };
}

/** The number on a dashboard tile ("Total Order" …). */
export async function tileCount(page: Page, key: "customers" | "products" | "orders" | "completed" | "pending" | "cart"): Promise<number> {
  const text = await page.locator(`[data-tile="${key}"] .tile-count`).innerText();
  return Number(text.replace(/[^\d]/g, ""));
}

export { registerCustomer };
