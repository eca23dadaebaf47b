// The owner's coupons (issue 26, contracts/offers.md "Admin endpoints"): create, list by status,
// read with the orders that used it, change, disable. Owner and staff alike.
import { TRPCError } from "@trpc/server";
import type { CouponModel, Prisma } from "@store/db";
import { toRupees } from "@store/domain";
import { couponCreateSchema, PAGE_SIZE, type CouponCreate, type CouponListInput, type CouponUpdate } from "@store/validators";
import type { Context } from "../context.ts";
import { StoreError } from "../platform/errors.ts";
import { couponData, couponFieldsOf, couponStatusWhere, serializeCoupon } from "./coupon-serializers.ts";

type Ctx = Pick<Context, "db">;

const notFound = () => new StoreError(404, "COUPON_NOT_FOUND", "No coupon with this id.");

async function findCoupon(ctx: Ctx, couponId: number): Promise<CouponModel> {
  const row = await ctx.db.coupon.findUnique({ where: { couponId } });
  if (!row) throw notFound();
  return row;
}

async function assertCodeFree(ctx: Ctx, code: string, exceptCouponId?: number) {
  const taken = await ctx.db.coupon.findUnique({ where: { code }, select: { couponId: true } });
  if (taken && taken.couponId !== exceptCouponId) throw new StoreError(409, "COUPON_CODE_TAKEN", `Another coupon already has the code ${code}.`);
}

/** A scope naming a product that does not exist would silently never match. */
async function assertProductsExist(ctx: Ctx, productIds: readonly number[]) {
  if (productIds.length === 0) return;
  const found = await ctx.db.product.findMany({ where: { productId: { in: [...productIds] }, deletedAt: null }, select: { productId: true } });
  const known = new Set(found.map((p) => p.productId));
  const missing = productIds.filter((id) => !known.has(id));
  if (missing.length > 0) throw new StoreError(400, "UNKNOWN_PRODUCTS", `No product with id ${missing.join(", ")}. Remove it from the coupon's products.`);
}

export async function createCoupon(ctx: Ctx, input: CouponCreate, now = new Date()) {
  await assertCodeFree(ctx, input.code);
  await assertProductsExist(ctx, input.productIds);
  const row = await ctx.db.coupon.create({ data: couponData(input) });
  return serializeCoupon(row, now);
}

export async function listCoupons(ctx: Ctx, query: CouponListInput, now = new Date()) {
  const where: Prisma.CouponWhereInput = {
    ...(query.status ? couponStatusWhere(query.status, now) : {}),
    ...(query.search ? { OR: [{ code: { contains: query.search.toUpperCase() } }, { description: { contains: query.search, mode: "insensitive" } }] } : {}),
  };
  const [rows, total] = await Promise.all([
    ctx.db.coupon.findMany({ where, orderBy: { couponId: "desc" }, skip: (query.page - 1) * PAGE_SIZE, take: PAGE_SIZE }),
    ctx.db.coupon.count({ where }),
  ]);
  return { items: rows.map((r) => serializeCoupon(r, now)), total, page: query.page, pageSize: PAGE_SIZE };
}

export async function getCoupon(ctx: Ctx, couponId: number, now = new Date()) {
  const row = await findCoupon(ctx, couponId);
  const uses = await ctx.db.couponUse.findMany({ where: { couponId }, orderBy: { id: "desc" } });
  const orders = await ctx.db.order.findMany({
    where: { productOrderId: { in: uses.map((u) => u.productOrderId) } },
    select: { productOrderId: true, customerName: true, grandTotal: true, createdAt: true },
  });
  const orderOf = new Map(orders.map((o) => [o.productOrderId, o]));
  return {
    ...serializeCoupon(row, now),
    uses: uses.map((u) => {
      const order = orderOf.get(u.productOrderId);
      return {
        productOrderId: u.productOrderId,
        customerId: u.customerId,
        customerName: order?.customerName ?? "",
        discount: toRupees(u.discount),
        grandTotal: order ? toRupees(order.grandTotal) : null,
        createdAt: order?.createdAt ?? u.createdAt,
        released: u.releasedAt !== null,
        releasedAt: u.releasedAt,
      };
    }),
  };
}

/**
 * A partial update: the stored coupon with the changes is checked as a whole against the create
 * rules (a lone `value` is judged by the stored type). A code that orders already carry stays.
 */
export async function updateCoupon(ctx: Ctx, input: CouponUpdate & { couponId: number }, now = new Date()) {
  const { couponId, ...changes } = input;
  const row = await findCoupon(ctx, couponId);
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  const merged = { ...couponFieldsOf(row), ...defined };
  // a cap belongs to percentages: changing the type away drops the stored one (one sent is refused by the rules)
  if (merged.type !== "PERCENT" && changes.maxDiscount === undefined) merged.maxDiscount = null;
  const parsed = couponCreateSchema.safeParse(merged);
  if (!parsed.success)
    throw new TRPCError({ code: "BAD_REQUEST", message: parsed.error.issues[0]?.message ?? "The coupon is not valid.", cause: parsed.error });
  const next = parsed.data;
  if (next.code !== row.code) {
    if ((await ctx.db.couponUse.count({ where: { couponId } })) > 0) {
      throw new StoreError(409, "COUPON_USED", `The code ${row.code} is on orders already, so it cannot change. Disable it and create a new coupon instead.`);
    }
    await assertCodeFree(ctx, next.code, couponId);
  }
  if (changes.productIds !== undefined) await assertProductsExist(ctx, next.productIds);
  const updated = await ctx.db.coupon.update({ where: { couponId }, data: couponData(next) });
  return serializeCoupon(updated, now);
}

/** Shoppers can no longer use it; orders that did keep their discount. Disabling twice is harmless. */
export async function disableCoupon(ctx: Ctx, couponId: number, now = new Date()) {
  await findCoupon(ctx, couponId);
  const row = await ctx.db.coupon.update({ where: { couponId }, data: { active: false } });
  return serializeCoupon(row, now);
}
