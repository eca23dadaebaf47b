// Reading a guest order (contracts/guest-and-addresses.md): the orderAccessToken sent as X-Order-Token
// stands in for a login for that one order, and the order mail's one-time link (the password-reset pattern:
// only hashes are kept) is exchanged once for a new orderAccessToken.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { OrderModel, Prisma } from "@store/db";
import type { Context } from "../context.ts";
import { StoreError } from "../platform/errors.ts";

type Tx = Prisma.TransactionClient;

/** the one-time link in the order mail is good for this long */
export const ORDER_LINK_DAYS = 7;

/** 32 random bytes, base64url: 43 characters. */
export const newSecret = (): string => randomBytes(32).toString("base64url");

/** How a secret is stored: SHA-256, hex (64 characters). */
export const sha256 = (secret: string): string => createHash("sha256").update(secret).digest("hex");

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The order, for its customer, an admin, or whoever sends the order's X-Order-Token; anyone else gets
 * the answer a missing order gets (404), so a wrong token tells nothing.
 */
export async function orderReader(ctx: Pick<Context, "db" | "auth" | "orderToken">, productOrderId: string): Promise<OrderModel> {
  const order = await ctx.db.order.findUnique({ where: { productOrderId } });
  const notFound = new StoreError(404, "NOT_FOUND", `Order ${productOrderId} was not found.`);
  if (!order) throw notFound;
  if (ctx.auth?.role === "admin") return order;
  if (ctx.auth?.role === "customer" && ctx.auth.customerId === order.customerId) return order;
  if (ctx.orderToken && order.accessTokenHash && sameHash(sha256(ctx.orderToken), order.accessTokenHash)) return order;
  throw notFound;
}

/** A new orderAccessToken for the order (the one before stops working). */
export async function newOrderAccessToken(tx: Tx, productOrderId: string): Promise<string> {
  const token = newSecret();
  await tx.order.update({ where: { productOrderId }, data: { accessTokenHash: sha256(token) } });
  return token;
}

/** A one-time link token for the order mail. */
export async function newOrderLink(tx: Tx, productOrderId: string, now = new Date()): Promise<string> {
  const link = newSecret();
  await tx.orderAccessLink.create({
    data: { tokenHash: sha256(link), productOrderId, expiresAt: new Date(now.getTime() + ORDER_LINK_DAYS * 86_400_000), createdAt: now },
  });
  return link;
}

/** POST /guest/orders/{productOrderId}/link: the link, once and in time, gives a new orderAccessToken; a used, old or wrong one is 404. */
export async function exchangeOrderLink(
  ctx: Pick<Context, "db">,
  productOrderId: string,
  link: string,
): Promise<{ productOrderId: string; orderAccessToken: string }> {
  return ctx.db.$transaction(async (tx) => {
    const now = new Date();
    // one UPDATE: of two exchanges at once, only the first finds the link unused
    const used = await tx.orderAccessLink.updateMany({
      where: { tokenHash: sha256(link), productOrderId, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (used.count !== 1)
      throw new StoreError(
        404,
        "NOT_FOUND",
        "This link has been used already or has expired. Please use the order page you opened it on, or contact the shop.",
      );
    return { productOrderId, orderAccessToken: await newOrderAccessToken(tx, productOrderId) };
  });
}
