import { stripSearchParams, useNavigate, useSearch } from "@tanstack/react-router";
import type { OrderListPayment, OrderListStatus } from "@store/validators";
import { oneOf, text, wholeNumber } from "../../lib/searchParams";

// The filters of GET /orders (packages/validators/src/order-desk.ts). Listed here, checked against the
// schema's types both ways, because importing the values would put zod into the first page's bundle.
const STATUSES = ["all", "unfulfilled", "to-ship", "returns", "cancelled"] as const satisfies readonly OrderListStatus[];
const PAYMENTS = ["all", "unpaid", "awaiting-verification", "paid", "refunded"] as const satisfies readonly OrderListPayment[];
type Exhaustive<All, Listed> = [Exclude<All, Listed>] extends [never] ? true : false;
const everyFilterListed: [Exhaustive<OrderListStatus, (typeof STATUSES)[number]>, Exhaustive<OrderListPayment, (typeof PAYMENTS)[number]>] = [true, true];
void everyFilterListed;

/** The Orders screen's state, all of it in the URL: ?status=unfulfilled&payment=all&from=…&to=…&search=…&page=2 */
export interface OrderDeskSearch {
  status?: OrderListStatus;
  payment?: OrderListPayment;
  from?: string;
  to?: string;
  search?: string;
  page?: number;
  /** issue 29: only cash-on-delivery orders still waiting for the buyer's OTP */
  codConfirmation?: "Pending";
}

const istDay = (raw: unknown) => {
  const v = text(raw, 10);
  return v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined;
};

export const orderDeskSearchSchema = (search: Record<string, unknown>): OrderDeskSearch => ({
  status: oneOf(STATUSES, search.status),
  payment: oneOf(PAYMENTS, search.payment),
  from: istDay(search.from),
  to: istDay(search.to),
  search: text(search.search, 100),
  page: wholeNumber(search.page, 1, 100_000),
  codConfirmation: oneOf(["Pending"] as const, search.codConfirmation),
});

export const orderDeskRouteSearch = {
  validateSearch: orderDeskSearchSchema,
  search: { middlewares: [stripSearchParams<OrderDeskSearch>({ status: "all", payment: "all", page: 1, search: "", from: "", to: "" })] },
};

/** The tabs: each one a status and a payment filter of GET /orders. */
export const ORDER_TABS = [
  { label: "Unfulfilled", status: "unfulfilled", payment: "all" },
  { label: "To ship", status: "to-ship", payment: "all" },
  { label: "Unpaid", status: "all", payment: "unpaid" },
  { label: "Awaiting verification", status: "all", payment: "awaiting-verification" },
  { label: "Returns", status: "returns", payment: "all" },
  { label: "Cancelled", status: "cancelled", payment: "all" },
  { label: "All", status: "all", payment: "all" },
] as const satisfies readonly { label: string; status: OrderListStatus; payment: OrderListPayment }[];

/** GET /orders's input for the URL's state (the loader's prefetch and the screen ask the same). */
export const orderDeskInput = (search: OrderDeskSearch) =>
  ({
    status: search.status ?? "all",
    payment: search.payment ?? "all",
    page: search.page ?? 1,
    search: search.search ?? "",
    ...(search.from ? { from: search.from } : {}),
    ...(search.to ? { to: search.to } : {}),
    ...(search.codConfirmation ? { codConfirmation: search.codConfirmation } : {}),
  }) as const;

export function useOrderDeskSearch() {
  const current = useSearch({ from: "/_admin/orders" });
  const navigate = useNavigate({ from: "/orders" });
  const set = (next: Partial<OrderDeskSearch>) => void navigate({ search: (prev) => ({ ...prev, ...next }) });
  return { input: orderDeskInput(current), set };
}
