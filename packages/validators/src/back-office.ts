// The back office of issue 17: staff accounts, the sales report, the audit trail, CSV exports and
// the product import.
import { z } from "zod";
import { email, id, newPassword, optionalText, pageInput, phoneNumber, requiredText } from "./common.ts";
import { AUDIT_ENTITIES } from "./constants.ts";

export const ADMIN_ROLES = ["owner", "staff"] as const;
export const adminRoleSchema = z.enum(ADMIN_ROLES);
export type AdminRole = z.infer<typeof adminRoleSchema>;

/** The owner adds a staff login: name, email, optional phone, a first password the staff member changes. */
export const staffCreateSchema = z.object({
  name: requiredText("Name", 100),
  email,
  phone: z.preprocess((v) => (v === "" || v === null ? undefined : v), phoneNumber.optional()),
  password: newPassword,
});
export type StaffCreate = z.infer<typeof staffCreateSchema>;
export const staffIdInput = z.object({ adminId: id("adminId") });

const isoDate = (label: string) =>
  z
    .string({ error: `${label} is required (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date as YYYY-MM-DD`)
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), `${label} is not a real date`);

export const REPORT_INTERVALS = ["day", "week", "month"] as const;
/** the longest range one report covers */
export const MAX_REPORT_DAYS = 3 * 366;

/** GET /reports/sales: dates are Indian Standard Time calendar days, both ends included. */
export const salesReportInput = z
  .object({
    from: isoDate("from"),
    to: isoDate("to"),
    interval: z.enum(REPORT_INTERVALS, { error: "interval must be day, week or month" }).optional(),
  })
  .refine((v) => v.from <= v.to, { message: "from must be on or before to", path: ["from"] })
  .refine((v) => (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 < MAX_REPORT_DAYS, {
    message: `A report covers at most ${MAX_REPORT_DAYS} days`,
    path: ["to"],
  });
export type SalesReportInput = z.infer<typeof salesReportInput>;

export { AUDIT_ENTITIES, type AuditEntity } from "./constants.ts";
export const auditQueryInput = pageInput.extend({
  entity: z.preprocess((v) => (v === "" ? undefined : v), z.enum(AUDIT_ENTITIES, { error: `entity must be one of: ${AUDIT_ENTITIES.join(", ")}` }).optional()),
  entityId: optionalText("entityId", 60),
  adminId: z.preprocess((v) => (v === "" ? undefined : v), id("adminId").optional()),
  action: optionalText("action", 60),
  from: z.preprocess((v) => (v === "" ? undefined : v), isoDate("from").optional()),
  to: z.preprocess((v) => (v === "" ? undefined : v), isoDate("to").optional()),
});
export type AuditQuery = z.infer<typeof auditQueryInput>;

export const EXPORT_KINDS = ["orders", "customers", "products", "carts"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
/** the lists' own search box; orders also by the list's view */
export const exportInput = z.object({
  kind: z.enum(EXPORT_KINDS, { error: `Export one of: ${EXPORT_KINDS.join(", ")}` }),
  search: z.string().trim().max(100, "search must be at most 100 characters").default(""),
  /** orders only: the list's view */
  view: z.enum(["all", "shipping", "delivered"], { error: "view must be all, shipping or delivered" }).default("all"),
});
export type ExportInput = z.infer<typeof exportInput>;

/** the largest product CSV one import takes */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 10_000;
export const productImportInput = z.object({
  csv: z.string({ error: "Send the CSV file in the field 'file'" }).min(1, "The file is empty").max(MAX_IMPORT_BYTES, "The file must be at most 5 MB"),
  dryRun: z.preprocess((v) => v === true || v === "true" || v === "1", z.boolean()).default(false),
});
