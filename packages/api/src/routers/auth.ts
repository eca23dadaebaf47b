import { z } from "zod";
import { adminLoginSchema, adminPasswordChangeSchema, customerLoginSchema } from "@store/validators";
import { adminProcedure, createTRPCRouter, customerOrAdminProcedure, publicProcedure } from "../trpc.ts";
import { successOutput } from "../serialize/common.ts";
import { adminAccount, adminLogin, changeAdminPassword, customerLogin, logOutEverywhere } from "../domain/auth.ts";

export const authRouter = createTRPCRouter({
  customerLogin: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/customers/login",
        tags: ["Customers"],
        summary: "Customer login by phone number (or email) and password",
        protect: false,
      },
    })
    .input(customerLoginSchema)
    .output(z.object({ token: z.string(), customerId: z.number().int(), firstName: z.string() }))
    .mutation(({ ctx, input }) => customerLogin(ctx, input)),

  adminLogin: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/login",
        tags: ["Admin"],
        summary: "Admin login; `email` may be the admin's email or phone number",
        protect: false,
      },
    })
    .input(adminLoginSchema)
    .output(z.object({ token: z.string(), name: z.string() }))
    .mutation(({ ctx, input }) => adminLogin(ctx, input)),

  adminMe: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/me", tags: ["Admin"], summary: "The logged-in admin" } })
    .input(z.object({}).optional())
    .output(z.object({ adminId: z.number().int(), name: z.string(), email: z.string(), phone: z.string().nullable() }))
    .query(({ ctx }) => adminAccount(ctx, ctx.adminId)),

  adminChangePassword: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/password",
        tags: ["Admin"],
        summary: "Change the admin's password; every earlier session ends, a fresh token is returned",
      },
    })
    .input(adminPasswordChangeSchema)
    .output(successOutput.extend({ token: z.string() }))
    .mutation(({ ctx, input }) => changeAdminPassword(ctx, ctx.adminId, input)),

  logoutAll: customerOrAdminProcedure
    .meta({
      openapi: { method: "POST", path: "/customers/logout-all", tags: ["Customers"], summary: "End every session of the caller's account, this one included" },
    })
    .input(z.object({}).optional())
    .output(successOutput)
    .mutation(({ ctx }) => logOutEverywhere(ctx)),
});
