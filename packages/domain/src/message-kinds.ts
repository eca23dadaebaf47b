// The messages a registered template may carry (issue 29, contracts/otp-and-sms.md; WhatsApp in issue
// 30): each kind supplies its variables in this order, so a template's {#var#} placeholders are filled
// in this order and must be exactly this many.

export const MESSAGE_TEMPLATE_KINDS = ["otp", "cod_confirm", "shipped", "out_for_delivery", "delivered", "ndr", "grievance_update"] as const;
export type MessageTemplateKind = (typeof MESSAGE_TEMPLATE_KINDS)[number];

export const KIND_VARIABLES: Readonly<Record<MessageTemplateKind, readonly string[]>> = {
  /** the code and how many minutes it is valid */
  otp: ["code", "minutes"],
  /** the code, the order reference and the amount to pay at the door (₹1,234.00) */
  cod_confirm: ["code", "productOrderId", "amount"],
  shipped: ["productOrderId", "awb", "trackingUrl"],
  out_for_delivery: ["productOrderId", "awb"],
  delivered: ["productOrderId"],
  /** the link where the buyer asks for another attempt */
  ndr: ["productOrderId", "reattemptUrl"],
  /** issue 31: a complaint's ticket, its status now and its resolve-by day ("26 Dec 2026") */
  grievance_update: ["ticketNumber", "ticketStatus", "resolveBy"],
};

export const DLT_PLACEHOLDER = "{#var#}";

/** How many {#var#} placeholders a registered text has. */
export const placeholderCount = (text: string): number => text.split(DLT_PLACEHOLDER).length - 1;

/** The registered text with its placeholders filled in order: exactly what the operator's DLT check compares. */
export function fillTemplate(text: string, variables: readonly string[]): string {
  const parts = text.split(DLT_PLACEHOLDER);
  if (parts.length - 1 !== variables.length) {
    throw new RangeError(`The template has ${parts.length - 1} placeholders but ${variables.length} variables were given.`);
  }
  return parts.reduce((out, part, i) => out + part + (i < variables.length ? variables[i] : ""), "");
}
