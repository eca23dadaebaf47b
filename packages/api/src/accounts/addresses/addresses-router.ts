// The address book's endpoints (issue 29): /customers/me/addresses, for a signed-in customer only (an
// admin edits a customer's default address through POST /customers/update/{customerId}).
import { z } from "zod";
import { addressCreateSchema, addressUpdateSchema, id } from "@store/validators";
import { createTRPCRouter, customerProcedure } from "../../trpc.ts";
import { successOutput } from "../../platform/serialize-common.ts";
import { addressOutput } from "./serializers.ts";
import { addAddress, deleteAddress, listAddresses, MAX_ADDRESSES, setDefaultAddress, updateAddress } from "./addresses.ts";

const addressIdInput = z.object({ addressId: id("Address id") });

export const addressesRouter = createTRPCRouter({
  list: customerProcedure
    .meta({ openapi: { method: "GET", path: "/customers/me/addresses", tags: ["Addresses"], summary: "The caller's addresses, the default first" } })
    .input(z.object({}).optional())
    .output(z.array(addressOutput))
    .query(({ ctx }) => listAddresses(ctx)),

  add: customerProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/customers/me/addresses",
        tags: ["Addresses"],
        summary: `Add an address: 201 with it. label Home, Work or Other (left out: Home); phone a 10-digit mobile number; the state must be the PIN code's; gstin optional. The first address becomes the default. At most ${MAX_ADDRESSES} (400 TOO_MANY_ADDRESSES).`,
      },
    })
    .input(addressCreateSchema)
    .output(addressOutput)
    .mutation(({ ctx, input }) => addAddress(ctx, input)),

  update: customerProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/customers/me/addresses/{addressId}",
        tags: ["Addresses"],
        summary: 'Change an address of the caller: only the fields sent change ("" or null clears landmark and gstin); another customer\'s is 404',
      },
    })
    .input(addressUpdateSchema.extend(addressIdInput.shape))
    .output(addressOutput)
    .mutation(({ ctx, input }) => updateAddress(ctx, input)),

  remove: customerProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/customers/me/addresses/{addressId}",
        tags: ["Addresses"],
        summary: "Delete an address of the caller; deleting the default makes the most recently used remaining address the default",
      },
    })
    .input(addressIdInput)
    .output(successOutput)
    .mutation(({ ctx, input }) => deleteAddress(ctx, input.addressId)),

  setDefault: customerProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/customers/me/addresses/{addressId}/default",
        tags: ["Addresses"],
        summary: "Make an address the caller's default: the checkout's address when none is chosen, and the profile's address",
      },
    })
    .input(addressIdInput)
    .output(addressOutput)
    .mutation(({ ctx, input }) => setDefaultAddress(ctx, input.addressId)),
});
