// The order desk (issue 24): the back office's list of orders (one row per checkout) and one status
// move for a whole order. The per-line calls of spec §7 (orders-router.ts) keep working beside it.
import {
  COD_CONFIRMATIONS,
  FULFILMENTS,
  ORDER_LIST_PAYMENTS,
  ORDER_LIST_STATUSES,
  orderListInput,
  orderListOutput,
  orderMoveInput,
  orderMoveOutput,
  PAGE_SIZE,
} from "@store/validators";
import { adminProcedure, createTRPCRouter } from "../trpc.ts";
import { orderDeskPage } from "./order-desk-list.ts";
import { moveOrder } from "./order-desk-status.ts";

export const orderDeskRouter = createTRPCRouter({
  list: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/orders",
        tags: ["Orders"],
        summary: `Orders, one row per order (a checkout and its lines), newest first, ${PAGE_SIZE} a page (page=1 first) (admin). status=${ORDER_LIST_STATUSES.join("|")} (unfulfilled: a line still open; to-ship: cash on delivery or paid, with a line not yet sent out, as GET /reports/todo's ordersToShip; returns: a return Requested or Approved; cancelled: every line Cancelled); payment=${ORDER_LIST_PAYMENTS.join("|")} (unpaid: UPI/ONLINE Pending or Failed; paid: Paid or Partially refunded; refunded: Refunded or Partially refunded); fulfilment=${FULFILMENTS.join("|")} (Awaiting shipment: the packing queue, an order with a line neither Cancelled nor Completed in no shipment yet; In shipment: a line packed in a shipment); codConfirmation=${COD_CONFIRMATIONS.join("|")} (Pending: COD orders awaiting the buyer's OTP or an admin's confirmation, not shippable yet); from/to: IST days YYYY-MM-DD, both included; search: the reference, the customer's name or phone. Each row's awaitingShipment counts its lines left to pack`,
      },
    })
    .input(orderListInput)
    .output(orderListOutput)
    .query(({ ctx, input }) => orderDeskPage(ctx, input)),

  setStatus: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/orders/{productOrderId}/status",
        tags: ["Orders"],
        summary:
          "Move every open line of the order to orderStatus together, in one transaction, with each line's effects (mails, restock, credit notes, refunds) (admin). Moving an unpaid UPI or ONLINE order forward is 409 ORDER_UNPAID unless force: true (audited); a line that cannot move (back, or closed) is 409 and nothing moves",
      },
    })
    .input(orderMoveInput)
    .output(orderMoveOutput)
    .mutation(({ ctx, input }) => moveOrder(ctx, input)),
});
