// Plain constants with no schema attached: cheap to import from code that must stay small
// (the web app's route definitions, which load with the first page).

/** Quantity of one order line: a whole number from 1 to 100 (business limit for one line). */
export const MAX_LINE_QUANTITY = 100;
/** Admin lists show 20 rows a page (issue 5). */
export const PAGE_SIZE = 20;

export const PRODUCT_CATEGORIES = [
  "Floor Care",
  "Kitchen",
  "Bathroom",
  "Laundry",
  "Glass & Surfaces",
  "Disinfectants",
  "General",
] as const;
