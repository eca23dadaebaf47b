// The coupon code remembered on a shopper's cart (POST /cart/coupon): used at checkout unless another is given.
import type { Prisma } from "@store/db";

type Tx = Prisma.TransactionClient;

export async function rememberedCouponCode(tx: Tx, customerId: number): Promise<string | null> {
  return (await tx.cartCoupon.findUnique({ where: { customerId }, select: { code: true } }))?.code ?? null;
}

export async function rememberCouponCode(tx: Tx, customerId: number, code: string): Promise<void> {
  await tx.cartCoupon.upsert({ where: { customerId }, create: { customerId, code }, update: { code } });
}

export async function forgetCartCoupon(tx: Tx, customerId: number): Promise<void> {
  await tx.cartCoupon.deleteMany({ where: { customerId } });
}

/** At checkout: the remembered code, read and cleared in one statement (a checkout that fails rolls it back). */
export async function takeRememberedCouponCode(tx: Tx, customerId: number): Promise<string | null> {
  const [row] = await tx.$queryRaw<{ code: string }[]>`DELETE FROM "CartCoupon" WHERE "customerId" = ${customerId}::int RETURNING code`;
  return row?.code ?? null;
}
