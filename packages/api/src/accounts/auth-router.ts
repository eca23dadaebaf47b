import { z } from "zod";
import { ADMIN_ROLES, adminLoginSchema, adminPasswordChangeSchema, customerLoginSchema, forgotPasswordSchema, resetPasswordSchema } from "@store/validators";
import { adminProcedure, createTRPCRouter, customerOrAdminProcedure, publicProcedure } from "../trpc.ts";
import { successOutput } from "../platform/serialize-common.ts";
import { adminAccount, adminLogin, changeAdminPassword, customerLogin, logOutEverywhere } from "./auth.ts";
import { forgotPassword, resetPassword } from "./password-reset.ts";

const forgotSummary = (who: string) =>
  `${who} forgot the password: {email} or {number} → a single-use reset link by email, valid 30 minutes; the same answer whether or not the account exists`;

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
    .output(z.object({ token: z.string(), name: z.string(), role: z.string().describe(ADMIN_ROLES.join(" or ")) }))
    .mutation(({ ctx, input }) => adminLogin(ctx, input)),

  adminMe: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/me", tags: ["Admin"], summary: "The logged-in admin" } })
    .input(z.object({}).optional())
    .output(
      z.object({
        adminId: z.number().int(),
        name: z.string(),
        email: z.string(),
        phone: z.string().nullable(),
        role: z.string().describe(ADMIN_ROLES.join(" or ")),
      }),
    )
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

  customerForgotPassword: publicProcedure
    .meta({ openapi: { method: "POST", path: "/customers/password/forgot", tags: ["Customers"], summary: forgotSummary("A customer"), protect: false } })
    .input(forgotPasswordSchema)
    .output(successOutput)
    .mutation(({ ctx, input }) => forgotPassword(ctx, "customer", input)),

  customerResetPassword: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/customers/password/reset",
        tags: ["Customers"],
        summary: "Set a new password with the emailed token; every earlier session ends",
        protect: false,
      },
    })
    .input(resetPasswordSchema)
    .output(successOutput)
    .mutation(({ ctx, input }) => resetPassword(ctx, "customer", input)),

  adminForgotPassword: publicProcedure
    .meta({ openapi: { method: "POST", path: "/admin/password/forgot", tags: ["Admin"], summary: forgotSummary("The admin"), protect: false } })
    .input(forgotPasswordSchema)
    .output(successOutput)
    .mutation(({ ctx, input }) => forgotPassword(ctx, "admin", input)),

  adminResetPassword: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/password/reset",
        tags: ["Admin"],
        summary: "Set the admin's new password with the emailed token; every earlier session ends",
        protect: false,
      },
    })
    .input(resetPasswordSchema)
    .output(successOutput)
    .mutation(({ ctx, input }) => resetPassword(ctx, "admin", input)),
});
