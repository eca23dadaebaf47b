// Plain constants with no schema attached: cheap to import from code that must stay small
// (the web app's route definitions, which load with the first page). Business rules and status
// words live in @store/domain.

/** Admin lists show 20 rows a page (docs/decisions.md, issue 5). */
export const PAGE_SIZE = 20;
/** The storefront's product grids (home, search, categories) show 24 products a page. */
export const SHELF_SIZE = 24;
/** The shortest new password (common.ts `newPassword`; the forms' hints say it). */
export const PASSWORD_MIN_LENGTH = 10;
/** Highest page number a storefront grid accepts. */
export const MAX_SHELF_PAGE = 10_000;

export const PRODUCT_CATEGORIES = ["Floor Care", "Kitchen", "Bathroom", "Laundry", "Glass & Surfaces", "Disinfectants", "General"] as const;

/** What an audit entry is about (the audit trail's filter; issue 17). */
export const AUDIT_ENTITIES = [
  "product",
  "customer",
  "order",
  "order line",
  "payment",
  "refund",
  "cart entry",
  "settings",
  "staff",
  "import",
  "email",
  "account",
  "export",
  "job",
  "coupon",
  "delivery zone",
  "shipment",
  "message template",
  "grievance",
  "review",
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
