import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { customerSignUpSchema, customerUpdateSchema, id, pageInput, PAGE_SIZE } from "@store/validators";
import type { Db, Prisma } from "@store/db";
import { adminProcedure, assertOwnCustomer, createTRPCRouter, customerOrAdminProcedure, publicProcedure } from "../trpc.ts";
import { hashPassword } from "../services/passwords.ts";
import { likeText } from "../services/search.ts";
import { customerOutput, customerSelect, pageOutput, successOutput } from "../services/serialize.ts";

/** 409 naming which of phone or email is taken (by someone other than `exceptId`). */
async function assertUnique(db: Db, number: string, email: string, exceptId?: number) {
  const clash = await db.customer.findFirst({
    where: { OR: [{ number }, { email }], NOT: exceptId ? { customerId: exceptId } : undefined },
    select: { number: true, email: true },
  });
  if (!clash) return;
  throw new TRPCError({
    code: "CONFLICT",
    message: clash.number === number ? "A customer with this phone number is already registered." : "A customer with this email is already registered.",
  });
}

/** Two sign-ups racing with the same phone or email: the loser hits the unique index; name the field as assertUnique does. */
async function writeNamingClash<T>(db: Db, number: string, email: string, exceptId: number | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await assertUnique(db, number, email, exceptId);
    throw error;
  }
}

const deleteCustomer = async (db: Db, customerId: number) => {
  const { count } = await db.customer.deleteMany({ where: { customerId } });
  if (count === 0) throw new TRPCError({ code: "NOT_FOUND", message: `Customer ${customerId} was not found.` });
  return { success: true, message: "Customer deleted." };
};

export const customersRouter = createTRPCRouter({
  save: publicProcedure
    .meta({ openapi: { method: "POST", path: "/customers/save", tags: ["Customers"], summary: "Customer sign-up", protect: false } })
    .input(customerSignUpSchema)
    .output(successOutput.extend({ customerId: z.number().int() }))
    .mutation(async ({ ctx, input }) => {
      const wait = await ctx.services.signupLimiter.attempt(ctx.clientIp);
      if (wait > 0) {
        throw new TRPCError({
          code: "TOO_MANY_REQUESTS",
          message: `Too many sign-ups from your network. Please try again in ${Math.ceil(wait / 60)} minutes.`,
        });
      }
      await assertUnique(ctx.db, input.number, input.email);
      const { password, ...fields } = input;
      const passwordHash = await hashPassword(password);
      const created = await writeNamingClash(ctx.db, input.number, input.email, undefined, () =>
        ctx.db.customer.create({ data: { ...fields, passwordHash, agreeToTerms: true }, select: { customerId: true } }),
      );
      return { success: true, message: "Registration successful. Please log in.", customerId: created.customerId };
    }),

  details: customerOrAdminProcedure
    .meta({ openapi: { method: "GET", path: "/customers/details/{customerId}", tags: ["Customers"], summary: "One customer (itself, or any for an admin)" } })
    .input(z.object({ customerId: id("Customer id") }))
    .output(customerOutput)
    .query(async ({ ctx, input }) => {
      assertOwnCustomer(ctx.auth, input.customerId, "the details");
      const customer = await ctx.db.customer.findUnique({ where: { customerId: input.customerId }, select: customerSelect });
      if (!customer) throw new TRPCError({ code: "NOT_FOUND", message: `Customer ${input.customerId} was not found.` });
      return customer;
    }),

  list: adminProcedure
    .meta({ openapi: { method: "GET", path: "/customers/details", tags: ["Customers"], summary: "All customers, newest first (admin)" } })
    .input(z.object({}).optional())
    .output(z.array(customerOutput))
    .query(({ ctx }) => ctx.db.customer.findMany({ select: customerSelect, orderBy: { customerId: "desc" } })),

  page: adminProcedure
    .meta({ openapi: { method: "GET", path: "/customers/page", tags: ["Customers"], summary: "Customers, 20 a page, searchable (admin)" } })
    .input(pageInput)
    .output(pageOutput(customerOutput))
    .query(async ({ ctx, input }) => {
      const q = input.search;
      const where: Prisma.CustomerWhereInput = q
        ? {
            OR: [
              ...(/^\d+$/.test(q) && Number(q) <= 2_147_483_647 ? [{ customerId: Number(q) }] : []),
              ...(["firstName", "lastName", "email", "number", "city", "state", "pinCode", "areaAddress", "houseNo"] as const).map((f) => ({
                [f]: { contains: likeText(q), mode: "insensitive" as const },
              })),
            ],
          }
        : {};
      const [items, total] = await Promise.all([
        ctx.db.customer.findMany({ where, select: customerSelect, orderBy: { customerId: "desc" }, skip: (input.page - 1) * PAGE_SIZE, take: PAGE_SIZE }),
        ctx.db.customer.count({ where }),
      ]);
      return { items, total, page: input.page, pageSize: PAGE_SIZE };
    }),

  update: customerOrAdminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/customers/update/{customerId}",
        tags: ["Customers"],
        summary: "Update a customer (itself, or any for an admin); a blank password keeps the old one; only an admin may change customerStatus",
      },
    })
    .input(customerUpdateSchema.extend({ customerId: id("Customer id") }))
    .output(successOutput.extend({ customer: customerOutput }))
    .mutation(async ({ ctx, input }) => {
      assertOwnCustomer(ctx.auth, input.customerId, "the details");
      const existing = await ctx.db.customer.findUnique({ where: { customerId: input.customerId }, select: { customerId: true } });
      if (!existing) throw new TRPCError({ code: "NOT_FOUND", message: `Customer ${input.customerId} was not found.` });
      await assertUnique(ctx.db, input.number, input.email, input.customerId);
      const { customerId, password, customerStatus, ...fields } = input;
      const passwordHash = password ? await hashPassword(password) : undefined;
      const customer = await writeNamingClash(ctx.db, input.number, input.email, customerId, () =>
        ctx.db.customer.update({
          where: { customerId },
          data: {
            ...fields,
            ...(passwordHash ? { passwordHash } : {}),
            ...(ctx.auth.role === "admin" && customerStatus !== undefined ? { customerStatus } : {}),
          },
          select: customerSelect,
        }),
      );
      return { success: true, message: "Customer updated.", customer };
    }),

  setStatus: adminProcedure
    .meta({ openapi: { method: "POST", path: "/customers/status/{customerId}", tags: ["Customers"], summary: "Switch a customer Active/Inactive (admin)" } })
    .input(z.object({ customerId: id("Customer id"), customerStatus: z.boolean({ error: "customerStatus must be true or false" }) }))
    .output(successOutput.extend({ customer: customerOutput }))
    .mutation(async ({ ctx, input }) => {
      const found = await ctx.db.customer.findUnique({ where: { customerId: input.customerId }, select: { customerId: true } });
      if (!found) throw new TRPCError({ code: "NOT_FOUND", message: `Customer ${input.customerId} was not found.` });
      const customer = await ctx.db.customer.update({
        where: { customerId: input.customerId },
        data: { customerStatus: input.customerStatus },
        select: customerSelect,
      });
      return { success: true, message: input.customerStatus ? "Customer is now Active." : "Customer is now Inactive.", customer };
    }),

  delete: adminProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/customers/delete/{customerId}",
        tags: ["Customers"],
        summary: "Delete a customer (admin); their orders stay on the books",
      },
    })
    .input(z.object({ customerId: id("Customer id") }))
    .output(successOutput)
    .mutation(({ ctx, input }) => deleteCustomer(ctx.db, input.customerId)),

  deleteLegacy: adminProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/cctv/api/v1/customer/delete/{id}",
        tags: ["Customers"],
        summary: "Legacy path of customer delete (also answered at /cctv/api/v1/customer/delete/{id} without the /api/v1 prefix)",
        deprecated: true,
      },
    })
    .input(z.object({ id: id("Customer id") }))
    .output(successOutput)
    .mutation(({ ctx, input }) => deleteCustomer(ctx.db, input.id)),
});
