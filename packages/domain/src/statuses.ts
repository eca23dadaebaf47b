// The one typed source of every status word an order, its payment and its return can have. The
// database stores these words (VARCHAR columns), the validators build their zod enums from them and
// the web app shows them.

/** An order's lifecycle, in order; Cancelled can end any open order. */
export const ORDER_STATUSES = ["Shipped", "On the way", "Ready for pickup", "Completed", "Cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** An order's payment (docs/decisions.md, issue 14); its lines show the same word. */
export const PAYMENT_STATUSES = ["Pending", "Awaiting verification", "Paid", "Failed", "Refunded", "Partially refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The ones an admin may set by hand through the line-based status call (spec §7): cash received. */
export const MANUAL_PAYMENT_STATUSES = ["Pending", "Paid"] as const satisfies readonly PaymentStatus[];

/** How an order is paid: cash on delivery (the default of old clients), UPI to the shop's VPA, or the card/UPI gateway. */
export const PAYMENT_METHODS = ["COD", "UPI", "ONLINE"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Pending = no return asked for. */
export const RETURN_STATUSES = ["Pending", "Requested", "Approved", "Rejected", "Refunded"] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** The words an admin may set a return to. */
export const RETURN_DECISIONS = ["Approved", "Rejected", "Refunded"] as const satisfies readonly ReturnStatus[];
export type ReturnDecision = (typeof RETURN_DECISIONS)[number];

/** Refund policy (docs/store-spec.md §9): the reasons a return may be asked for. */
export const RETURN_REASONS = ["Damaged product", "Incomplete product", "Expired product", "Wrong product"] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

const isOneOf =
  <T extends string>(words: readonly T[]) =>
  (value: string): value is T =>
    (words as readonly string[]).includes(value);

export const isOrderStatus = isOneOf(ORDER_STATUSES);
export const isPaymentStatus = isOneOf(PAYMENT_STATUSES);
export const isPaymentMethod = isOneOf(PAYMENT_METHODS);
export const isManualPaymentStatus = isOneOf(MANUAL_PAYMENT_STATUSES);
export const isReturnStatus = isOneOf(RETURN_STATUSES);
export const isReturnReason = isOneOf(RETURN_REASONS);
