// Plain constants with no schema attached: cheap to import from code that must stay small
// (the web app's route definitions, which load with the first page).

/** Quantity of one order line: a whole number from 1 to 100 (business limit for one line). */
export const MAX_LINE_QUANTITY = 100;
/** Admin lists show 20 rows a page (issue 5). */
export const PAGE_SIZE = 20;
/** The storefront's product grids (home, search, categories) show 24 products a page. */
export const SHELF_SIZE = 24;
/** Highest page number a storefront grid accepts. */
export const MAX_SHELF_PAGE = 10_000;

export const PRODUCT_CATEGORIES = ["Floor Care", "Kitchen", "Bathroom", "Laundry", "Glass & Surfaces", "Disinfectants", "General"] as const;

export const ORDER_STATUSES = ["Shipped", "On the way", "Ready for pickup", "Completed", "Cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_STATUSES = ["Pending", "Paid"] as const;
export const RETURN_STATUSES = ["Pending", "Requested", "Approved", "Rejected", "Refunded"] as const;
/** Refund policy (spec §9): the reasons a return may be asked for. */
export const RETURN_REASONS = ["Damaged product", "Incomplete product", "Expired product", "Wrong product"] as const;
/** Refund policy (spec §9): a return can be asked for within 7 days of delivery. */
export const RETURN_WINDOW_DAYS = 7;
/** Spec §9: expected delivery date = order date + 3 days. */
export const DELIVERY_DAYS = 3;
