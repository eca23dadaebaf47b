// Queues an SMS in the outbox (issue 29, contracts/otp-and-sms.md "Sending"), inside the caller's
// transaction like every outbox message. The text is the kind's registered DLT template filled with
// the variables; without a template the SMS is not sent and the outbox says so ("skipped").
import { fillTemplate, KIND_VARIABLES, type MessageTemplateKind } from "@store/domain";
import type { Prisma } from "@store/db";
import { activeSmsTemplate } from "../templates.ts";

type Tx = Prisma.TransactionClient;

export const NO_TEMPLATE = "skipped: no DLT template";

export interface SmsInput {
  kind: MessageTemplateKind;
  /** 10 digits */
  phone: string;
  /** the kind's variables in KIND_VARIABLES' order */
  variables: string[];
  /** the order it is about, when there is one (not stored: the text names it) */
  productOrderId?: string;
}

/** `messageId`: the outbox row written (skipped or queued) */
export async function queueSms(tx: Tx, input: SmsInput): Promise<{ queued: boolean; messageId: number }> {
  const expected = KIND_VARIABLES[input.kind];
  if (input.variables.length !== expected.length) {
    // a programming error: never the variables themselves in the message, an OTP is one of them
    throw new RangeError(`queueSms(${input.kind}) takes ${expected.length} variables (${expected.join(", ")}), got ${input.variables.length}.`);
  }
  const template = await activeSmsTemplate(tx, input.kind);
  const common = { channel: "sms", kind: input.kind, recipient: input.phone, subject: `SMS: ${input.kind}`, html: "" };
  if (!template) {
    // no text and no variables are kept: nothing will ever send it, and an OTP is best not stored
    const skipped = await tx.outboxMessage.create({
      data: { ...common, text: "", status: "skipped", lastError: NO_TEMPLATE, nextAttemptAt: null },
      select: { messageId: true },
    });
    return { queued: false, messageId: skipped.messageId };
  }
  const queued = await tx.outboxMessage.create({
    data: {
      ...common,
      text: fillTemplate(template.text, input.variables),
      templateId: template.templateId,
      variables: JSON.stringify(input.variables),
      status: "queued",
    },
    select: { messageId: true },
  });
  return { queued: true, messageId: queued.messageId };
}
