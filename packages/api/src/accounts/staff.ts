// Staff accounts (issue 17): the owner adds logins for staff, disables and re-enables them. A
// disabled account cannot log in, and disabling ends its sessions at once (its session version
// moves on, so every token it holds is refused).
import type { StaffCreate } from "@store/validators";
import type { Context } from "../context.ts";
import { hashPassword } from "./passwords.ts";
import { StoreError } from "../platform/errors.ts";

const staffFields = { adminId: true, name: true, email: true, phone: true, role: true, active: true, createdAt: true } as const;

export const listStaff = (ctx: Context) => ctx.db.admin.findMany({ select: staffFields, orderBy: [{ role: "asc" }, { name: "asc" }] });

export async function createStaff(ctx: Context, input: StaffCreate) {
  const taken = await ctx.db.admin.findFirst({
    where: { OR: [{ email: input.email }, ...(input.phone ? [{ phone: input.phone }] : [])] },
    select: { email: true },
  });
  if (taken) {
    const what = taken.email === input.email ? "email" : "phone number";
    throw new StoreError(409, "CONFLICT", `Another back-office account already uses this ${what}.`);
  }
  const staff = await ctx.db.admin.create({
    data: { name: input.name, email: input.email, phone: input.phone ?? null, passwordHash: await hashPassword(input.password), role: "staff" },
    select: staffFields,
  });
  return { success: true, message: `${staff.name} can now log in on /AdminLogin.`, staff };
}

export async function setStaffActive(ctx: Context & { adminId: number }, adminId: number, active: boolean) {
  const account = await ctx.db.admin.findUnique({ where: { adminId }, select: { role: true, name: true } });
  if (!account) throw new StoreError(404, "NOT_FOUND", "No staff account with this id.");
  if (account.role !== "staff") throw new StoreError(400, "BAD_REQUEST", "Only staff accounts can be disabled or enabled; the owner's stays.");
  const staff = await ctx.db.admin.update({
    where: { adminId },
    data: active ? { active: true } : { active: false, sessionVersion: { increment: 1 } },
    select: staffFields,
  });
  return { success: true, message: active ? `${staff.name} can log in again.` : `${staff.name} is disabled and logged out everywhere.`, staff };
}
