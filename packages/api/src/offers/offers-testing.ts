// Helpers for the offers tests: coupons written straight to the database (paise), shoppers with carts.
import type { Prisma } from "@store/db";
import type { TestEnv } from "../testing.ts";

const DAY = 24 * 3600 * 1000;
let serial = 0;

/** A running coupon for every payment method (PERCENT 10 unless told), code upper-case and unique. */
export function newCoupon(env: TestEnv, data: Partial<Prisma.CouponUncheckedCreateInput> = {}) {
  serial++;
  return env.handle.db.coupon.create({
    data: {
      code: `T${Date.now() % 100000}X${serial}`,
      description: "Test offer",
      type: "PERCENT",
      value: 10,
      startsAt: new Date(Date.now() - DAY),
      endsAt: new Date(Date.now() + DAY),
      paymentMethods: "COD,UPI,ONLINE",
      ...data,
    },
  });
}

export interface CartLineSpec {
  price?: number;
  delivery?: number | "Free";
  quantity?: number;
  category?: string;
}

/** A customer (Maharashtra, as the seller) with one product per line in the cart. */
export async function shopperWithCart(env: TestEnv, lines: CartLineSpec[] = [{}], customer: Record<string, unknown> = {}) {
  const c = await env.newCustomer(customer);
  const productIds: number[] = [];
  for (const line of lines) {
    const productId = await env.newProduct({
      productPrice: line.price ?? 100,
      mainPrice: Math.max(line.price ?? 100, 120),
      deliveryCharge: line.delivery ?? "Free",
      quantity: 50,
      ...(line.category ? { category: line.category } : {}),
    });
    productIds.push(productId);
    await c.caller.cart.save({ productId, quantity: line.quantity ?? 1 });
  }
  return { ...c, productIds };
}

export const cartCount = (env: TestEnv, customerId: number) => env.handle.db.cartItem.count({ where: { customerId } });
export const remembered = async (env: TestEnv, customerId: number) => (await env.handle.db.cartCoupon.findUnique({ where: { customerId } }))?.code ?? null;
export const usedCount = async (env: TestEnv, couponId: number) => (await env.handle.db.coupon.findUniqueOrThrow({ where: { couponId } })).usedCount;
