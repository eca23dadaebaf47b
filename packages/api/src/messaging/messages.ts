// Every message the store sends (issue 16): subject, HTML in the store's look and the same words as
// plain text. Pure: the outbox stores what these return, so the admin's preview is exactly what went out.
import { formatRupees } from "@store/domain";

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

interface Greeting {
  /** the customer's first name, or the admin's name */
  name: string;
}

interface OrderRef extends Greeting {
  productOrderId: string;
  /** absolute link to the order page */
  orderUrl: string;
}

export type MailInput =
  | ({ kind: "welcome"; shopUrl: string } & Greeting)
  | ({
      kind: "order-placed";
      lines: { productName: string; quantity: number; totalPaise: number }[];
      deliveryPaise: number;
      /** issue 26: the coupon's discount (0: none) */
      discountPaise?: number;
      couponCode?: string | null;
      codFeePaise: number;
      grandTotalPaise: number;
      paymentMethod: string;
      invoiceNumber: string | null;
      /** issue 29: a guest's order: orderUrl is a one-time link good for this many days */
      oneTimeLinkDays?: number;
      /** issue 29: a COD order waiting for the buyer's SMS code is cancelled after this many hours (absent: none asked) */
      codConfirmHours?: number | null;
    } & OrderRef)
  | ({
      /** issue 29: a COD order nobody confirmed (the cod-confirm-expiry job) has been cancelled */
      kind: "cod-confirm-expired";
      hours: number;
    } & OrderRef)
  | ({ kind: "payment-confirmed"; amountPaise: number } & OrderRef)
  | ({ kind: "payment-failed"; amountPaise: number; reason: string } & OrderRef)
  | ({ kind: "utr-rejected"; utr: string; reason: string } & OrderRef)
  | ({ kind: "order-status"; productName: string; status: string } & OrderRef)
  | ({ kind: "return-requested" | "return-approved" | "return-rejected"; productName: string; reason: string } & OrderRef)
  | ({ kind: "refund-issued"; amountPaise: number; reference: string | null } & OrderRef)
  | ({
      /** issue 28: the parcel reached a step the buyer hears about */
      kind: "shipment-update";
      status: "Picked up" | "Out for delivery" | "NDR" | "Delivered";
      awb: string;
      courierName: string;
      /** the courier's tracking page, or the store's */
      trackingUrl: string;
      /** NDR: the courier's reason for the failed attempt */
      reason?: string | null;
      /** NDR: where the buyer asks for another attempt */
      reattemptUrl?: string | null;
      /** Delivered: days the buyer may ask for a return */
      returnDays?: number;
    } & OrderRef)
  | ({
      /** issue 31: a complaint was received: its ticket, the officer and the law's clocks */
      kind: "grievance-acknowledged";
      ticketNumber: string;
      subject: string;
      officerName: string;
      officerDesignation: string;
      /** "28 Nov 2026" (messageDate) */
      acknowledgeBy: string;
      resolveBy: string;
      /** the ticket's page */
      ticketUrl: string;
    } & Greeting)
  | ({
      /** issue 31: the officer moved the ticket or wrote on it */
      kind: "grievance-update";
      ticketNumber: string;
      status: string;
      /** the resolution, the reason for rejecting, or the officer's message */
      text: string | null;
      officerName: string;
      ticketUrl: string;
    } & Greeting)
  | ({
      /** issue 31: the review-requests job, 3 days after a line was delivered */
      kind: "review-request";
      productName: string;
      /** the product's review form */
      reviewUrl: string;
    } & OrderRef)
  | ({ kind: "password-reset"; resetUrl: string; validMinutes: number } & Greeting)
  | ({ kind: "password-set-by-store"; forgotUrl: string } & Greeting);

export type MailKind = MailInput["kind"];

const STORE = "Clean Store";
const BRAND = "#0b7a75";

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** A paragraph of text, or a call-to-action link, or a two-column table of label → value. */
type Block = { p: string } | { link: string; label: string } | { rows: [string, string][] };

function compose(subject: string, name: string, blocks: Block[]): RenderedMail {
  const htmlBlocks = blocks
    .map((b) => {
      if ("p" in b) return `<p style="margin:0 0 14px">${escapeHtml(b.p)}</p>`;
      if ("link" in b) {
        return `<p style="margin:18px 0"><a href="${escapeHtml(b.link)}" style="background:${BRAND};color:#ffffff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:bold;display:inline-block">${escapeHtml(b.label)}</a></p>`;
      }
      const rows = b.rows
        .map(
          ([k, v]) =>
            `<tr><td style="padding:4px 12px 4px 0;color:#52606d">${escapeHtml(k)}</td><td style="padding:4px 0;text-align:right;font-weight:600">${escapeHtml(v)}</td></tr>`,
        )
        .join("");
      return `<table role="presentation" style="border-collapse:collapse;margin:0 0 14px;min-width:280px">${rows}</table>`;
    })
    .join("\n");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f7fafc;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<div style="max-width:560px;margin:0 auto;padding:24px">
<div style="background:${BRAND};color:#ffffff;padding:14px 20px;border-radius:10px 10px 0 0;font-size:20px;font-weight:bold">${STORE}</div>
<div style="background:#ffffff;border:1px solid #d9e2ec;border-top:0;border-radius:0 0 10px 10px;padding:20px">
<p style="margin:0 0 14px">Hello ${escapeHtml(name)},</p>
${htmlBlocks}
<p style="margin:18px 0 0;color:#52606d;font-size:13px">Thank you for shopping with ${STORE}. Prices include GST.</p>
</div></div></body></html>`;
  const textBlocks = blocks.map((b) => {
    if ("p" in b) return b.p;
    if ("link" in b) return `${b.label}: ${b.link}`;
    return b.rows.map(([k, v]) => `${k}: ${v}`).join("\n");
  });
  const text = [`Hello ${name},`, ...textBlocks, `Thank you for shopping with ${STORE}. Prices include GST.`].join("\n\n");
  return { subject, html, text };
}

const STATUS_WORDS: Record<string, { subject: string; line: string }> = {
  Shipped: { subject: "has been dispatched", line: "has been packed and dispatched." },
  "On the way": { subject: "is on the way", line: "is on the way to you." },
  "Ready for pickup": { subject: "is ready", line: "is ready and will reach you shortly." },
  Completed: { subject: "has been delivered", line: "has been delivered. We hope you like it; you can ask for a return within 7 days." },
  Cancelled: { subject: "has been cancelled", line: "has been cancelled. If you had paid for it, the refund follows." },
};

const METHOD_WORDS: Record<string, string> = {
  COD: "Cash on delivery: please keep the amount ready when the parcel arrives.",
  UPI: "UPI: please pay from your order page (QR code or UPI app) and enter the UTR there.",
  ONLINE: "Online: please complete the payment from your order page if you have not yet.",
};

const hoursText = (hours: number) => (hours === 1 ? "1 hour" : `${hours} hours`);

interface Draft {
  subject: string;
  name: string;
  blocks: Block[];
}

const draft = (subject: string, name: string, blocks: Block[]): Draft => ({ subject, name, blocks });

/** The parcel's step in the buyer's words: every one names the courier and the AWB with its tracking link. */
function shipmentUpdate(input: Extract<MailInput, { kind: "shipment-update" }>): Draft {
  const parcel: Block = {
    rows: [
      ["Courier", input.courierName],
      ["AWB (tracking number)", input.awb],
    ],
  };
  const track: Block = { link: input.trackingUrl, label: "Track your parcel" };
  const order = input.productOrderId;
  switch (input.status) {
    case "Picked up":
      return draft(`Your order ${order} has been shipped`, input.name, [
        { p: `Your order ${order} is with the courier and on its way to you.` },
        parcel,
        track,
      ]);
    case "Out for delivery":
      return draft(`Your order ${order} is out for delivery`, input.name, [
        { p: `Your order ${order} is out for delivery today. Please keep your phone reachable.` },
        parcel,
        track,
      ]);
    case "NDR":
      return draft(`We could not deliver your order ${order}`, input.name, [
        { p: `The courier could not deliver your order ${order}${input.reason ? `: ${input.reason.replace(/[.\s]+$/, "")}.` : "."}` },
        { p: "Tell us when to try again (and a phone number or landmark that helps the courier), or the parcel goes back to us." },
        ...(input.reattemptUrl ? [{ link: input.reattemptUrl, label: "Ask for another attempt" }] : []),
        parcel,
      ]);
    case "Delivered":
      return draft(`Your order ${order} has been delivered`, input.name, [
        { p: `Your order ${order} has been delivered. Thank you for shopping with us; we hope you like it.` },
        { p: `If something is not right, you can ask for a return from your order page within ${input.returnDays ?? 7} days.` },
        { link: input.orderUrl, label: "View your order" },
        parcel,
      ]);
  }
}

/** The message of an event; one about an order always names its reference. */
export function renderMail(input: MailInput): RenderedMail {
  const { subject, name, blocks } = draftOf(input);
  const reference: Block[] = "productOrderId" in input ? [{ rows: [["Order reference", input.productOrderId]] }] : [];
  return compose(subject, name, [...blocks, ...reference]);
}

function draftOf(input: MailInput): Draft {
  switch (input.kind) {
    case "welcome":
      return draft(`Welcome to ${STORE}`, input.name, [
        { p: "Your account is ready. You can now order cleaning products for your home, track your orders and ask for returns." },
        { link: input.shopUrl, label: "Start shopping" },
      ]);
    case "order-placed":
      return draft(`Order ${input.productOrderId} placed`, input.name, [
        { p: `Thank you for your order ${input.productOrderId}.` },
        {
          rows: [
            ...input.lines.map((l): [string, string] => [`${l.productName} × ${l.quantity}`, formatRupees(l.totalPaise)]),
            ...(input.discountPaise
              ? [[input.couponCode ? `Coupon ${input.couponCode}` : "Discount", `−${formatRupees(input.discountPaise)}`] as [string, string]]
              : []),
            ["Delivery", input.deliveryPaise === 0 ? "Free" : formatRupees(input.deliveryPaise)],
            ...(input.codFeePaise > 0 ? [["Cash on delivery fee", formatRupees(input.codFeePaise)] as [string, string]] : []),
            ["Order total", formatRupees(input.grandTotalPaise)],
          ],
        },
        { p: METHOD_WORDS[input.paymentMethod] ?? `Payment: ${input.paymentMethod}.` },
        ...(input.codConfirmHours
          ? [
              {
                p: `Please confirm this cash-on-delivery order with the code we sent you by SMS, on your order page, within ${hoursText(input.codConfirmHours)}; an order not confirmed by then is cancelled.`,
              },
            ]
          : []),
        ...(input.invoiceNumber ? [{ p: `Your GST tax invoice ${input.invoiceNumber} is attached.` }] : []),
        { link: input.orderUrl, label: "View your order" },
        ...(input.oneTimeLinkDays
          ? [
              {
                p: `This button opens your order once, within ${input.oneTimeLinkDays} days. To see all your orders in one place, register with this phone number.`,
              },
            ]
          : []),
      ]);
    case "cod-confirm-expired":
      return draft(`Your order ${input.productOrderId} has been cancelled`, input.name, [
        {
          p: `We did not receive the confirmation of your cash-on-delivery order ${input.productOrderId} within ${hoursText(input.hours)}, so it has been cancelled. Nothing is due from you.`,
        },
        { p: "You are welcome to place the order again." },
        { link: input.orderUrl, label: "View your order" },
      ]);
    case "payment-confirmed":
      return draft(`Payment received for order ${input.productOrderId}`, input.name, [
        {
          p: `We have received your payment of ${formatRupees(input.amountPaise)} for order ${input.productOrderId}. We will let you know when it is dispatched.`,
        },
        { link: input.orderUrl, label: "View your order" },
      ]);
    case "payment-failed":
      return draft(`Payment not completed for order ${input.productOrderId}`, input.name, [
        { p: `The payment of ${formatRupees(input.amountPaise)} for order ${input.productOrderId} did not go through: ${input.reason}` },
        { link: input.orderUrl, label: "View your order" },
      ]);
    case "utr-rejected":
      return draft(`Please check the UTR of order ${input.productOrderId}`, input.name, [
        { p: `We could not confirm the UPI payment with UTR ${input.utr}: ${input.reason}` },
        { p: "Please check the 12-digit reference in your UPI app and enter it again on your order page." },
        { link: input.orderUrl, label: "Enter the UTR again" },
      ]);
    case "order-status": {
      const words = STATUS_WORDS[input.status] ?? { subject: `is ${input.status}`, line: `is now ${input.status}.` };
      return draft(`Your order ${input.productOrderId} ${words.subject}`, input.name, [
        { p: `${input.productName} of order ${input.productOrderId} ${words.line}` },
        { link: input.orderUrl, label: "Track your order" },
      ]);
    }
    case "return-requested":
      return draft(`Return requested for order ${input.productOrderId}`, input.name, [
        {
          p: `We have your return request for ${input.productName} of order ${input.productOrderId} (${input.reason}). We will review it in 2-3 business days.`,
        },
        { link: input.orderUrl, label: "View your order" },
      ]);
    case "return-approved":
      return draft(`Return approved for order ${input.productOrderId}`, input.name, [
        { p: `Your return of ${input.productName} (order ${input.productOrderId}) is approved. Any refund due follows to the way you paid.` },
        { link: input.orderUrl, label: "View your order" },
      ]);
    case "return-rejected":
      return draft(`Return not approved for order ${input.productOrderId}`, input.name, [
        {
          p: `We could not approve the return of ${input.productName} (order ${input.productOrderId}). Please reply to this email or contact customer care if you have questions.`,
        },
        { link: input.orderUrl, label: "View your order" },
      ]);
    case "refund-issued":
      return draft(`Refund of ${formatRupees(input.amountPaise)} for order ${input.productOrderId}`, input.name, [
        {
          p: `We have refunded ${formatRupees(input.amountPaise)} for order ${input.productOrderId}${input.reference ? ` (reference ${input.reference})` : ""}. Banks usually show it within 5-7 business days.`,
        },
        { link: input.orderUrl, label: "View your order" },
      ]);
    case "shipment-update":
      return shipmentUpdate(input);
    case "grievance-acknowledged":
      return draft(`We have received your complaint ${input.ticketNumber}`, input.name, [
        { p: `Thank you for telling us. Your complaint "${input.subject}" is registered as ticket ${input.ticketNumber}, and this message acknowledges it.` },
        {
          rows: [
            ["Ticket number", input.ticketNumber],
            ["Handled by", `${input.officerName}, ${input.officerDesignation}`],
            ["Acknowledged by", input.acknowledgeBy],
            ["Resolved by", input.resolveBy],
          ],
        },
        { p: `We will resolve it by ${input.resolveBy} at the latest and tell you what we did. You can add details or reply on the ticket's page.` },
        { link: input.ticketUrl, label: "View your complaint" },
      ]);
    case "grievance-update":
      return draft(`Your complaint ${input.ticketNumber}: ${input.status}`, input.name, [
        { p: `Your complaint ${input.ticketNumber} is now "${input.status}".` },
        ...(input.text ? [{ p: input.text }] : []),
        ...(input.status === "Resolved" || input.status === "Rejected"
          ? [{ p: "If you are not satisfied, reply on the ticket's page within 14 days and it opens again." }]
          : []),
        { rows: [["Handled by", input.officerName]] as [string, string][] },
        { link: input.ticketUrl, label: "View your complaint" },
      ]);
    case "review-request":
      return draft(`How is your ${input.productName}?`, input.name, [
        { p: `Your ${input.productName} from order ${input.productOrderId} was delivered a few days ago. Would you rate it? Your review helps other buyers.` },
        { link: input.reviewUrl, label: "Rate your purchase" },
      ]);
    case "password-reset":
      return draft(`Reset your ${STORE} password`, input.name, [
        { p: `Someone (we hope you) asked to reset the password of your ${STORE} account. The link works once, for ${input.validMinutes} minutes.` },
        { link: input.resetUrl, label: "Choose a new password" },
        { p: "If you did not ask for this, ignore this email: your password stays as it is." },
      ]);
    case "password-set-by-store":
      return draft(`Your ${STORE} password was changed`, input.name, [
        { p: `The ${STORE} team has set a new password for your account, and you have been logged out on every device.` },
        { p: "If you did not ask the store for this, choose a new password yourself with this link, then tell us by replying to this email." },
        { link: input.forgotUrl, label: "Reset your password" },
      ]);
  }
}
