import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { adminLoginSchema, adminPasswordChangeSchema, customerLoginSchema } from "@store/validators";
import { adminProcedure, createTRPCRouter, publicProcedure } from "../trpc.ts";
import { hashPassword, verifyAgainstNothing, verifyPassword } from "../services/passwords.ts";
import type { Context } from "../context.ts";
import { successOutput } from "../services/serialize.ts";

async function guardAttempts(ctx: Context, account: string) {
  const wait = await ctx.services.loginLimiter.blockedFor(ctx.clientIp, account);
  if (wait > 0) {
    throw new TRPCError({
      code: "TOO_MANY_REQUESTS",
      message: `Too many failed logins. Please wait ${wait} seconds and try again.`,
    });
  }
}

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
    .mutation(async ({ ctx, input }) => {
      const account = (input.number || input.email || "").trim();
      await guardAttempts(ctx, account);
      const customer = await ctx.db.customer.findFirst({
        where: input.number ? { number: input.number.trim() } : { email: (input.email ?? "").trim().toLowerCase() },
        select: { customerId: true, firstName: true, passwordHash: true, customerStatus: true },
      });
      // failures count against the account itself, whether it was named by phone or by email
      const accountKey = customer ? `customer:${customer.customerId}` : account;
      if (customer) await guardAttempts(ctx, accountKey);
      const ok = customer ? await verifyPassword(customer.passwordHash, input.password) : await verifyAgainstNothing(input.password);
      if (!customer || !ok) {
        await ctx.services.loginLimiter.recordFailure(ctx.clientIp, accountKey);
        throw new TRPCError({ code: "UNAUTHORIZED", message: "Invalid phone number or password." });
      }
      if (!customer.customerStatus) {
        throw new TRPCError({ code: "FORBIDDEN", message: "Your account is inactive. Please contact the store." });
      }
      await ctx.services.loginLimiter.recordSuccess(accountKey);
      const token = await ctx.services.tokens.sign({ role: "customer", customerId: customer.customerId });
      return { token, customerId: customer.customerId, firstName: customer.firstName };
    }),

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
    .mutation(async ({ ctx, input }) => {
      const account = input.email.trim().toLowerCase();
      await guardAttempts(ctx, `admin:${account}`);
      const admin = await ctx.db.admin.findFirst({
        where: /^\d{10}$/.test(account) ? { phone: account } : { email: account },
        select: { adminId: true, name: true, passwordHash: true },
      });
      // failures count against the admin account, whether it was named by email or by phone
      const accountKey = admin ? `admin-id:${admin.adminId}` : `admin:${account}`;
      if (admin) await guardAttempts(ctx, accountKey);
      const ok = admin ? await verifyPassword(admin.passwordHash, input.password) : await verifyAgainstNothing(input.password);
      if (!admin || !ok) {
        await ctx.services.loginLimiter.recordFailure(ctx.clientIp, accountKey);
        throw new TRPCError({ code: "UNAUTHORIZED", message: "Invalid email/phone number or password." });
      }
      await ctx.services.loginLimiter.recordSuccess(accountKey);
      return { token: await ctx.services.tokens.sign({ role: "admin", adminId: admin.adminId }), name: admin.name };
    }),

  adminMe: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/me", tags: ["Admin"], summary: "The logged-in admin" } })
    .input(z.object({}).optional())
    .output(z.object({ adminId: z.number().int(), name: z.string(), email: z.string(), phone: z.string().nullable() }))
    .query(async ({ ctx }) => {
      return ctx.db.admin.findUniqueOrThrow({
        where: { adminId: ctx.adminId },
        select: { adminId: true, name: true, email: true, phone: true },
      });
    }),

  adminChangePassword: adminProcedure
    .meta({ openapi: { method: "POST", path: "/admin/password", tags: ["Admin"], summary: "Change the admin's password" } })
    .input(adminPasswordChangeSchema)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      const admin = await ctx.db.admin.findUniqueOrThrow({ where: { adminId: ctx.adminId }, select: { passwordHash: true } });
      if (!(await verifyPassword(admin.passwordHash, input.currentPassword))) {
        throw new TRPCError({ code: "BAD_REQUEST", message: "The current password is not correct." });
      }
      await ctx.db.admin.update({ where: { adminId: ctx.adminId }, data: { passwordHash: await hashPassword(input.newPassword) } });
      return { success: true, message: "Password changed." };
    }),
});
