// The audit trail (issue 17): every successful write by an owner or staff account, with who, when,
// what and the changed fields before and after. Recorded by the tRPC middleware in trpc.ts around
// every mutation an admin token makes; what each write is about is in audit-subjects.ts.
import type { Prisma } from "@store/db";
import { changedFields, istDayEnd, istDayStart, type FieldChanges } from "@store/domain";
import { PAGE_SIZE, type AuditEntity, type AuditQuery } from "@store/validators";
import type { Context } from "../context.ts";
import { AUDIT_SUBJECTS, NOT_AUDITED, type AuditSubject } from "./audit-subjects.ts";

type Input = Record<string, unknown> | undefined;
const asInput = (raw: unknown): Input => (raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : undefined);

const isDryRun = (output: unknown) => typeof output === "object" && output !== null && (output as { dryRun?: unknown }).dryRun === true;

/** A write without a subject of its own (none today: audit.test.ts) is still recorded, by its name. */
const unnamed = (path: string): AuditSubject => ({ entity: "account", verb: `called ${path}`, id: () => undefined });

export interface PendingAudit {
  /** records the entry once the write has succeeded */
  succeeded(output: unknown): Promise<void>;
}

/** Reads what a write is about before it runs; undefined when the write is not audited. */
export async function beginAudit(ctx: Context, path: string, rawInput: unknown): Promise<PendingAudit | undefined> {
  if (ctx.auth?.role !== "admin" || NOT_AUDITED.has(path)) return undefined;
  const adminId = ctx.auth.adminId;
  const subject = AUDIT_SUBJECTS[path] ?? unnamed(path);
  const input = asInput(rawInput);
  const snapshot = async (id: string | number | undefined) => {
    if (!subject.snapshot) return null;
    if (id === undefined && subject.entity !== "settings") return null;
    // a bad id is the write's problem to refuse, not the audit's
    return subject.snapshot(ctx.db, String(id ?? "")).catch(() => null);
  };
  const idBefore = subject.id(input, undefined, adminId);
  const before = await snapshot(idBefore);
  return {
    async succeeded(output) {
      // a dry run (an import's preview) changed nothing, so there is nothing to record
      if (isDryRun(output)) return;
      const id = subject.id(input, output, adminId);
      const changes: FieldChanges = subject.outcome ? subject.outcome(output) : changedFields(before, await snapshot(id));
      await writeEntry(ctx, adminId, {
        action: path,
        entity: subject.entity,
        entityId: id === undefined ? null : String(id),
        summary: (name) => `${name} ${subject.verb}${id === undefined || subject.entity === "account" ? "" : ` ${id}`}${subject.detail?.(input, output) ?? ""}`,
        changes,
      });
    },
  };
}

interface EntryFields {
  action: string;
  entity: AuditEntity;
  entityId: string | null;
  summary: (actorName: string) => string;
  changes: FieldChanges;
}

async function writeEntry(ctx: Pick<Context, "db">, adminId: number, entry: EntryFields) {
  const actor = await ctx.db.admin.findUnique({ where: { adminId }, select: { name: true, role: true } });
  const name = actor?.name ?? `#${adminId}`;
  await ctx.db.auditEntry.create({
    data: {
      adminId,
      actorName: name,
      actorRole: actor?.role ?? "owner",
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId?.slice(0, 60) ?? null,
      summary: entry.summary(name).slice(0, 300),
      changes: JSON.stringify(entry.changes),
    },
  });
}

/**
 * A CSV download is a read, which the middleware does not record, but it carries customers'
 * personal data out of the store: who exported what, with which filters, is on the trail.
 */
export async function auditExport(ctx: Context, info: { kind: string; rows: number; filters: Record<string, unknown> }) {
  if (ctx.auth?.role !== "admin") return;
  const filters = Object.fromEntries(
    Object.entries(info.filters).filter(
      // view is the orders' filter only (the schema defaults it for every kind)
      ([key, value]) => key !== "kind" && (key !== "view" || info.kind === "orders") && value !== undefined && value !== "",
    ),
  );
  await writeEntry(ctx, ctx.auth.adminId, {
    action: `export.${info.kind}`,
    entity: "export",
    entityId: info.kind,
    summary: (name) => `${name} exported ${info.rows} ${info.kind} as CSV${Object.keys(filters).length ? ` (${JSON.stringify(filters)})` : ""}`,
    changes: {},
  });
}

export async function auditPage(ctx: Pick<Context, "db">, query: AuditQuery) {
  const where: Prisma.AuditEntryWhereInput = {
    ...(query.entity ? { entity: query.entity } : {}),
    ...(query.entityId ? { entityId: query.entityId } : {}),
    ...(query.adminId ? { adminId: query.adminId } : {}),
    ...(query.action ? { action: { startsWith: query.action } } : {}),
    ...(query.from || query.to ? { at: { ...(query.from ? { gte: istDayStart(query.from) } : {}), ...(query.to ? { lt: istDayEnd(query.to) } : {}) } } : {}),
    ...(query.search ? { summary: { contains: query.search, mode: "insensitive" } } : {}),
  };
  const [rows, total] = await Promise.all([
    ctx.db.auditEntry.findMany({ where, orderBy: { auditId: "desc" }, skip: (query.page - 1) * PAGE_SIZE, take: PAGE_SIZE }),
    ctx.db.auditEntry.count({ where }),
  ]);
  const items = rows.map(({ changes, ...row }) => ({ ...row, changes: JSON.parse(changes) as FieldChanges }));
  return { items, total, page: query.page, pageSize: PAGE_SIZE };
}
