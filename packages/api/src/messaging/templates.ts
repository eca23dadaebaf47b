// The registered message templates (issue 29, contracts/otp-and-sms.md "SMS channel"; issue 30,
// contracts/whatsapp.md "Templates"): the owner keeps one template per channel, kind and language.
// An SMS one is as registered on the DLT platform: an operator drops a message whose text differs from
// its template, so the text's {#var#} placeholders must be exactly the variables the kind supplies
// (KIND_VARIABLES), in that order. A WhatsApp one is as approved in Meta: its category must be the
// kind's, and its params (the body's {{1}}, {{2}}… in order) some of the values the kind's event supplies.
import { KIND_VARIABLES, placeholderCount, WHATSAPP_CATEGORY_OF, WHATSAPP_KIND_PARAMS, type MessageTemplateKind, type WhatsAppKind } from "@store/domain";
import type { TemplateCreateInput, TemplateUpdateInput } from "@store/validators";
import type { Prisma } from "@store/db";
import type { Context } from "../context.ts";
import { StoreError } from "../platform/errors.ts";

type Db = Context["db"];
type Tx = Prisma.TransactionClient;

/** the language of every SMS template (the DLT text is registered once) */
const SMS_LANGUAGE = "en";

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
  params: true,
  active: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.MessageTemplateSelect;

type TemplateRow = Prisma.MessageTemplateGetPayload<{ select: typeof templateSelect }>;

/** A WhatsApp template's params as stored (a JSON array of names); [] for a row without them. */
export function storedParams(params: string | null): string[] {
  if (!params) return [];
  const parsed: unknown = JSON.parse(params);
  return Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === "string") : [];
}

/**
 * The template as the API speaks it, with the values it is filled with in order: an SMS template's are
 * its kind's variables, a WhatsApp template's its own params (`variables` and `params` say the same).
 */
export function templateOutputOf(row: TemplateRow) {
  const filledWith =
    row.channel === "whatsapp" ? storedParams(row.params) : [...((KIND_VARIABLES as Record<string, readonly string[] | undefined>)[row.kind] ?? [])];
  return { ...row, params: filledWith, variables: [...filledWith] };
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

/** 400 unless Meta's category is the kind's and every param is a value the kind's event supplies. */
export function assertWhatsAppFits(kind: WhatsAppKind, category: string, params: readonly string[]): void {
  const needs = WHATSAPP_CATEGORY_OF[kind];
  if (category !== needs) {
    throw new StoreError(400, "TEMPLATE_CATEGORY", `A ${kind} template must be approved in the ${needs} category, not ${category}.`);
  }
  const allowed: readonly string[] = WHATSAPP_KIND_PARAMS[kind];
  const stray = params.find((p) => !allowed.includes(p));
  if (stray !== undefined) {
    throw new StoreError(400, "TEMPLATE_PARAMS", `The kind ${kind} does not supply ${stray}: its params are ${allowed.join(", ")}.`);
  }
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
 * Registers the template of a kind (in a language, for WhatsApp). A kind has one template per channel
 * and language: registering another replaces the one there, keeping its templateId, because a new DLT
 * registration or Meta approval supersedes the old.
 */
export async function createTemplate(ctx: Pick<Context, "db">, input: TemplateCreateInput) {
  const { key, fields } = input.channel === "whatsapp" ? whatsappFields(input) : smsFields(input);
  const row = await ctx.db.messageTemplate.upsert({
    where: { channel_kind_language: key },
    create: { ...key, ...fields },
    update: fields,
    select: templateSelect,
  });
  return templateOutputOf(row);
}

// the schema has made sure each channel's fields are there (templateCreateSchema)
function smsFields(input: TemplateCreateInput) {
  const kind = input.kind as MessageTemplateKind;
  const text = input.text ?? "";
  assertPlaceholdersMatch(kind, text);
  return {
    key: { channel: "sms", kind, language: SMS_LANGUAGE },
    fields: {
      dltTemplateId: input.dltTemplateId ?? null,
      senderId: input.senderId ?? null,
      text,
      providerTemplateId: input.providerTemplateId ?? null,
      active: true,
    },
  };
}

function whatsappFields(input: TemplateCreateInput) {
  const params = input.params ?? [];
  const category = input.category ?? "";
  assertWhatsAppFits(input.kind, category, params);
  return {
    key: { channel: "whatsapp", kind: input.kind, language: input.language ?? "en" },
    fields: { name: input.name ?? "", category, params: JSON.stringify(params), text: input.text ?? "", active: true },
  };
}

async function existing(db: Db, templateId: number) {
  const row = await db.messageTemplate.findUnique({ where: { templateId }, select: templateSelect });
  if (!row) throw new StoreError(404, "NOT_FOUND", `Template ${templateId} was not found.`);
  return row;
}

/** 400 naming the first of `fields` given for a template of the other channel. */
function refuseOtherChannel(input: TemplateUpdateInput, fields: readonly (keyof TemplateUpdateInput)[], only: string): void {
  const given = fields.find((f) => input[f] !== undefined && input[f] !== null);
  if (given) throw new StoreError(400, "BAD_REQUEST", `${given} is for ${only} templates only.`);
}

/** 409 when the kind already has its template where this one would go. */
async function assertKeyFree(db: Db, row: TemplateRow, kind: string, language: string): Promise<void> {
  if (kind === row.kind && language === row.language) return;
  const taken = await db.messageTemplate.findFirst({ where: { channel: row.channel, kind, language, NOT: { templateId: row.templateId } } });
  if (!taken) return;
  const which = row.channel === "whatsapp" ? `its ${language} WhatsApp template` : "its template";
  throw new StoreError(409, "TEMPLATE_KIND_TAKEN", `The kind ${kind} has ${which} already (template ${taken.templateId}): change or delete that one.`);
}

/** Changes a template; fields left out keep their value, and the merged template is checked as a new one is. */
export async function updateTemplate(ctx: Pick<Context, "db">, input: TemplateUpdateInput) {
  const row = await existing(ctx.db, input.templateId);
  const data = row.channel === "whatsapp" ? await whatsappChanges(ctx.db, row, input) : await smsChanges(ctx.db, row, input);
  const updated = await ctx.db.messageTemplate.update({
    where: { templateId: row.templateId },
    data: { ...data, ...(input.active !== undefined ? { active: input.active } : {}) },
    select: templateSelect,
  });
  return templateOutputOf(updated);
}

async function smsChanges(db: Db, row: TemplateRow, input: TemplateUpdateInput): Promise<Prisma.MessageTemplateUpdateInput> {
  refuseOtherChannel(input, ["name", "category", "params"], "WhatsApp");
  if (input.language !== undefined && input.language !== SMS_LANGUAGE) throw new StoreError(400, "BAD_REQUEST", "An SMS template's language is en.");
  if (input.text !== undefined && input.text.trim() === "") throw new StoreError(400, "BAD_REQUEST", "text is required");
  const kind = input.kind ?? (row.kind as MessageTemplateKind);
  const text = input.text ?? row.text;
  assertPlaceholdersMatch(kind, text);
  await assertKeyFree(db, row, kind, row.language);
  return {
    kind,
    text,
    ...(input.dltTemplateId !== undefined ? { dltTemplateId: input.dltTemplateId } : {}),
    ...(input.senderId !== undefined ? { senderId: input.senderId } : {}),
    ...(input.providerTemplateId !== undefined ? { providerTemplateId: input.providerTemplateId } : {}),
  };
}

async function whatsappChanges(db: Db, row: TemplateRow, input: TemplateUpdateInput): Promise<Prisma.MessageTemplateUpdateInput> {
  refuseOtherChannel(input, ["dltTemplateId", "senderId", "providerTemplateId"], "SMS");
  if (input.kind !== undefined && input.kind !== row.kind) {
    throw new StoreError(400, "BAD_REQUEST", `A WhatsApp template's kind cannot change: register a ${input.kind} template instead.`);
  }
  const kind = row.kind as WhatsAppKind;
  const category = input.category ?? row.category ?? "";
  const params = input.params ?? storedParams(row.params);
  assertWhatsAppFits(kind, category, params);
  const language = input.language ?? row.language;
  await assertKeyFree(db, row, kind, language);
  return {
    category,
    params: JSON.stringify(params),
    language,
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.text !== undefined ? { text: input.text.trim() === "" ? "" : input.text } : {}),
  };
}

/** Removes a template: from now on its kind's SMS are skipped and its WhatsApp messages not queued. */
export async function deleteTemplate(ctx: Pick<Context, "db">, templateId: number) {
  const row = await existing(ctx.db, templateId);
  await ctx.db.messageTemplate.delete({ where: { templateId } });
  const what = row.channel === "whatsapp" ? `WhatsApp template for ${row.kind} (${row.language})` : `SMS template for ${row.kind}`;
  return { success: true, message: `The ${what} was deleted.` };
}

/** The active SMS template of a kind, inside the caller's transaction; null when the owner registered none. */
export function activeSmsTemplate(tx: Tx | Db, kind: MessageTemplateKind) {
  return tx.messageTemplate.findFirst({ where: { channel: "sms", kind, language: SMS_LANGUAGE, active: true } });
}
