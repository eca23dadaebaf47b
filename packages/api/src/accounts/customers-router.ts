import { z } from "zod";
import { customerSignUpSchema, customerUpdateSchema, id, pageInput } from "@store/validators";
import { adminProcedure, createTRPCRouter, customerOrAdminProcedure, publicProcedure } from "../trpc.ts";
import { customerListItemOutput, customerOutput } from "./serializers.ts";
import { pageOutput, successOutput } from "../platform/serialize-common.ts";
import { allCustomers, customerDetails, customerPage, deleteCustomer, setCustomerStatus, signUp, updateCustomer } from "./customers.ts";

export const customersRouter = createTRPCRouter({
  save: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/customers/save",
        tags: ["Customers"],
        summary: "Customer sign-up, with a password or the signupToken of a phone OTP (then the phone is verified)",
        protect: false,
      },
    })
    .input(customerSignUpSchema)
    .output(
      successOutput.extend({
        customerId: z.number().int(),
        token: z.string().optional().describe("with a signupToken (the phone verified by OTP): the new customer's login token"),
      }),
    )
    .mutation(({ ctx, input }) => signUp(ctx, input)),

  details: customerOrAdminProcedure
    .meta({ openapi: { method: "GET", path: "/customers/details/{customerId}", tags: ["Customers"], summary: "One customer (itself, or any for an admin)" } })
    .input(z.object({ customerId: id("Customer id") }))
    .output(customerOutput)
    .query(({ ctx, input }) => customerDetails(ctx, input.customerId)),

  list: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/customers/details",
        tags: ["Customers"],
        summary: "All customers, newest first, each with ordersCount, totalSpent and lastOrderAt (admin)",
      },
    })
    .input(z.object({}).optional())
    .output(z.array(customerListItemOutput))
    .query(({ ctx }) => allCustomers(ctx)),

  page: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/customers/page",
        tags: ["Customers"],
        summary: "Customers, 20 a page, searchable, each with ordersCount, totalSpent and lastOrderAt (admin)",
      },
    })
    .input(pageInput)
    .output(pageOutput(customerListItemOutput))
    .query(({ ctx, input }) => customerPage(ctx, input)),

  update: customerOrAdminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/customers/update/{customerId}",
        tags: ["Customers"],
        summary:
          "Update a customer (itself, or any for an admin); a blank password keeps the old one, a new one needs currentPassword from a customer and ends every earlier session; only an admin may change customerStatus",
      },
    })
    .input(customerUpdateSchema.extend({ customerId: id("Customer id") }))
    .output(
      successOutput.extend({ customer: customerOutput, token: z.string().optional().describe("a fresh token when customers changed their own password") }),
    )
    .mutation(({ ctx, input }) => updateCustomer(ctx, input)),

  setStatus: adminProcedure
    .meta({ openapi: { method: "POST", path: "/customers/status/{customerId}", tags: ["Customers"], summary: "Switch a customer Active/Inactive (admin)" } })
    .input(z.object({ customerId: id("Customer id"), customerStatus: z.boolean({ error: "customerStatus must be true or false" }) }))
    .output(successOutput.extend({ customer: customerOutput }))
    .mutation(({ ctx, input }) => setCustomerStatus(ctx, input)),

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
    .mutation(({ ctx, input }) => deleteCustomer(ctx, input.customerId)),

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
    .mutation(({ ctx, input }) => deleteCustomer(ctx, input.id)),
});
