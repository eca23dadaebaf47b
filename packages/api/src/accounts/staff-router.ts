import { z } from "zod";
import { ADMIN_ROLES, staffCreateSchema, staffIdInput } from "@store/validators";
import { createTRPCRouter, ownerProcedure } from "../trpc.ts";
import { successOutput } from "../platform/serialize-common.ts";
import { createStaff, listStaff, setStaffActive } from "./staff.ts";

const staffOutput = z.object({
  adminId: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.string().describe(ADMIN_ROLES.join(" or ")),
  active: z.boolean(),
  createdAt: z.date(),
});
const changedOutput = successOutput.extend({ staff: staffOutput });

export const staffRouter = createTRPCRouter({
  list: ownerProcedure
    .meta({ openapi: { method: "GET", path: "/admin/staff", tags: ["Staff"], summary: "Every back-office account: the owner and staff (owner)" } })
    .input(z.object({}).optional())
    .output(z.array(staffOutput))
    .query(({ ctx }) => listStaff(ctx)),

  create: ownerProcedure
    .meta({ openapi: { method: "POST", path: "/admin/staff", tags: ["Staff"], summary: "Add a staff login {name, email, phone?, password} (owner)" } })
    .input(staffCreateSchema)
    .output(changedOutput)
    .mutation(({ ctx, input }) => createStaff(ctx, input)),

  disable: ownerProcedure
    .meta({
      openapi: { method: "POST", path: "/admin/staff/{adminId}/disable", tags: ["Staff"], summary: "Disable a staff login and end its sessions (owner)" },
    })
    .input(staffIdInput)
    .output(changedOutput)
    .mutation(({ ctx, input }) => setStaffActive(ctx, input.adminId, false)),

  enable: ownerProcedure
    .meta({ openapi: { method: "POST", path: "/admin/staff/{adminId}/enable", tags: ["Staff"], summary: "Let a disabled staff login in again (owner)" } })
    .input(staffIdInput)
    .output(changedOutput)
    .mutation(({ ctx, input }) => setStaffActive(ctx, input.adminId, true)),
});
