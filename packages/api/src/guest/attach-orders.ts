// Accounts later (contracts/guest-and-addresses.md): when a customer registers or verifies a phone by OTP,
// the guest orders placed with that phone become theirs (listed in My Orders). Nothing is attached by e-mail.
import type { Prisma } from "@store/db";

type Tx = Prisma.TransactionClient;

/**
 * Gives the guest orders with this phone (customerId 0) to the customer: the Order, its lines and its coupon
 * uses (so per-customer coupon limits keep counting them). isGuest stays true: the history shows how it was
 * bought. Returns how many orders were attached.
 */
export async function attachGuestOrders(tx: Tx, customerId: number, phone: string): Promise<number> {
  if (!/^[6-9]\d{9}$/.test(phone) || customerId <= 0) return 0;
  const orders = await tx.order.findMany({ where: { customerId: 0, isGuest: true, phone }, select: { productOrderId: true } });
  if (orders.length === 0) return 0;
  const ids = orders.map((o) => o.productOrderId);
  await tx.order.updateMany({ where: { productOrderId: { in: ids }, customerId: 0 }, data: { customerId } });
  await tx.productOrder.updateMany({ where: { productOrderId: { in: ids }, customerId: 0 }, data: { customerId } });
  await tx.couponUse.updateMany({ where: { productOrderId: { in: ids }, customerId: 0 }, data: { customerId } });
  return ids.length;
}
