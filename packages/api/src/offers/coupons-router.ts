// The coupons of the back office (issue 26, contracts/offers.md): owner or staff.
import { couponCreateSchema, couponIdInput, couponListInput, couponUpdateFields, couponRules } from "@store/validators";
import { z } from "zod";
import { pageOutput } from "../platform/serialize-common.ts";
import { adminProcedure, createTRPCRouter } from "../trpc.ts";
import { couponDetailOutput, couponOutput } from "./coupon-serializers.ts";
import { createCoupon, disableCoupon, getCoupon, listCoupons, updateCoupon } from "./coupons.ts";

const tags = ["Coupons"];

export const couponsRouter = createTRPCRouter({
  create: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/coupons",
        tags,
        summary:
          "Create a coupon (admin): 201 with the coupon. value: PERCENT per cent 1–90, FLAT rupees, FREE_SHIPPING ignored; a code in use is 409 COUPON_CODE_TAKEN. A time without an offset is IST",
      },
    })
    .input(couponCreateSchema)
    .output(couponOutput)
    .mutation(({ ctx, input }) => createCoupon(ctx, input)),

  list: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/coupons",
        tags,
        summary: "The coupons, newest first (admin): status=active|scheduled|expired|disabled as of now; search matches the code and description",
      },
    })
    .input(couponListInput)
    .output(pageOutput(couponOutput))
    .query(({ ctx, input }) => listCoupons(ctx, input)),

  get: adminProcedure
    .meta({ openapi: { method: "GET", path: "/coupons/{couponId}", tags, summary: "A coupon with usedCount and the orders that used it (admin)" } })
    .input(couponIdInput)
    .output(couponDetailOutput)
    .query(({ ctx, input }) => getCoupon(ctx, input.couponId)),

  update: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/coupons/{couponId}",
        tags,
        summary:
          "Change a coupon (admin); fields left out keep their value. The code cannot change once an order used it (409 COUPON_USED); a code in use is 409 COUPON_CODE_TAKEN",
      },
    })
    .input(z.object({ ...couponIdInput.shape, ...couponUpdateFields }).superRefine(couponRules))
    .output(couponOutput)
    .mutation(({ ctx, input }) => updateCoupon(ctx, input)),

  disable: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/coupons/{couponId}/disable",
        tags,
        summary: "Disable a coupon (admin): shoppers can no longer use it; orders that did keep their discount",
      },
    })
    .input(couponIdInput)
    .output(couponOutput)
    .mutation(({ ctx, input }) => disableCoupon(ctx, input.couponId)),
});
