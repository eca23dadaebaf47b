// The registered message templates (issue 29, contracts/otp-and-sms.md "SMS channel"): the owner keeps
// one SMS template per kind, as registered on the DLT platform. An operator drops a message whose
// text differs from its template, so the text's {#var#} placeholders must be exactly the variables
// the kind supplies (KIND_VARIABLES), in that order.
import { KIND_VARIABLES, placeholderCount, type MessageTemplateKind } from "@store/domain";
import type { TemplateCreateInput, TemplateUpdateInput } from "@store/validators";
import type { Prisma } from "@store/db";
import type { Context } from "../context.ts";
import { StoreError } from "../platform/errors.ts";

type Db = Context["db"];
type Tx = Prisma.TransactionClient;

/** language of every SMS template until WhatsApp templates (issue 30) name theirs */
const DEFAULT_LANGUAGE = "en";

export const templateSelect = {
  templateId: true,
  channel: true,
  kind: true,
  dltTemplateId: true,
  senderId: true,
  providerTemplateId: true,
  text: true,
  name: true,
  language: true,
  category: true,
  active: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.MessageTemplateSelect;

type TemplateRow = Prisma.MessageTemplateGetPayload<{ select: typeof templateSelect }>;

/** The template as the API speaks it: with the variables its kind fills in, in order. */
export function templateOutputOf(row: TemplateRow) {
  const variables = (KIND_VARIABLES as Record<string, readonly string[] | undefined>)[row.kind] ?? [];
  return { ...row, variables: [...variables] };
}

/** 400 unless the text has one placeholder for each variable of the kind. */
export function assertPlaceholdersMatch(kind: MessageTemplateKind, text: string): void {
  const variables = KIND_VARIABLES[kind];
  const count = placeholderCount(text);
  if (count === variables.length) return;
  const has = `${count} placeholder${count === 1 ? "" : "s"} ({#var#})`;
  const supplies = `${variables.length} variable${variables.length === 1 ? "" : "s"}: ${variables.join(", ")}`;
  throw new StoreError(400, "TEMPLATE_PLACEHOLDERS", `The text has ${has} but the kind ${kind} supplies ${supplies}.`);
}

export async function listTemplates(ctx: Pick<Context, "db">, input: { channel?: string | undefined }) {
  const rows = await ctx.db.messageTemplate.findMany({
    where: input.channel ? { channel: input.channel } : {},
    select: templateSelect,
    orderBy: [{ channel: "asc" }, { kind: "asc" }, { language: "asc" }],
  });
  return { items: rows.map(templateOutputOf) };
}

/**
 * Registers the SMS template of a kind. A kind has one template (per language): registering another
 * replaces the one there, keeping its templateId, because a new DLT registration supersedes the old.
 */
export async function createTemplate(ctx: Pick<Context, "db">, input: TemplateCreateInput) {
  assertPlaceholdersMatch(input.kind, input.text);
  const fields = {
    dltTemplateId: input.dltTemplateId,
    senderId: input.senderId,
    text: input.text,
    providerTemplateId: input.providerTemplateId ?? null,
    active: true,
  };
  const key = { channel: input.channel, kind: input.kind, language: DEFAULT_LANGUAGE };
  const row = await ctx.db.messageTemplate.upsert({
    where: { channel_kind_language: key },
    create: { ...key, ...fields },
    update: fields,
    select: templateSelect,
  });
  return templateOutputOf(row);
}

async function existing(db: Db, templateId: number) {
  const row = await db.messageTemplate.findUnique({ where: { templateId }, select: templateSelect });
  if (!row) throw new StoreError(404, "NOT_FOUND", `Template ${templateId} was not found.`);
  return row;
}

/** Changes an SMS template; fields left out keep their value, and the merged template is checked as a new one is. */
export async function updateTemplate(ctx: Pick<Context, "db">, input: TemplateUpdateInput) {
  const row = await existing(ctx.db, input.templateId);
  if (row.channel !== "sms") throw new StoreError(409, "NOT_SMS_TEMPLATE", "Only SMS templates can be changed here for now.");
  const kind = input.kind ?? (row.kind as MessageTemplateKind);
  const text = input.text ?? row.text;
  assertPlaceholdersMatch(kind, text);
  if (kind !== row.kind) {
    const taken = await ctx.db.messageTemplate.findFirst({
      where: { channel: row.channel, kind, language: row.language, NOT: { templateId: row.templateId } },
    });
    if (taken) {
      throw new StoreError(409, "TEMPLATE_KIND_TAKEN", `The kind ${kind} has its template already (template ${taken.templateId}): change or delete that one.`);
    }
  }
  const updated = await ctx.db.messageTemplate.update({
    where: { templateId: row.templateId },
    data: {
      kind,
      text,
      ...(input.dltTemplateId !== undefined ? { dltTemplateId: input.dltTemplateId } : {}),
      ...(input.senderId !== undefined ? { senderId: input.senderId } : {}),
      ...(input.providerTemplateId !== undefined ? { providerTemplateId: input.providerTemplateId } : {}),
    },
    select: templateSelect,
  });
  return templateOutputOf(updated);
}

/** Removes a template: its kind's SMS are skipped from now on, and queued ones fail ("template removed"). */
export async function deleteTemplate(ctx: Pick<Context, "db">, templateId: number) {
  const row = await existing(ctx.db, templateId);
  await ctx.db.messageTemplate.delete({ where: { templateId } });
  return { success: true, message: `The ${row.channel.toUpperCase()} template for ${row.kind} was deleted.` };
}

/** The active SMS template of a kind, inside the caller's transaction; null when the owner registered none. */
export function activeSmsTemplate(tx: Tx | Db, kind: MessageTemplateKind) {
  return tx.messageTemplate.findFirst({ where: { channel: "sms", kind, language: DEFAULT_LANGUAGE, active: true } });
}
