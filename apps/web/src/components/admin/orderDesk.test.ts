import { describe, expect, it } from "vitest";
import { orderDeskInput, orderDeskSearchSchema } from "./orderDeskSearch";
import { fulfilmentSummary } from "./OrderDeskTable";
import { orderMoveOptions } from "./OrderMove";

const line = (orderStatus: string, returnStatus = "Pending") => ({
  orderId: 1,
  productName: "Floor Cleaner",
  quantity: 1,
  orderStatus,
  returnStatus,
  fulfilment: "Awaiting shipment" as const,
  shipmentId: null,
});

describe("order desk", () => {
  it("offers only the moves every open line can make", () => {
    expect(orderMoveOptions([line("Shipped"), line("Shipped")])).toEqual(["On the way", "Ready for pickup", "Completed", "Cancelled"]);
    // a line already On the way cannot go back, so the order moves to On the way or later
    expect(orderMoveOptions([line("Shipped"), line("On the way")])).toEqual(["On the way", "Ready for pickup", "Completed", "Cancelled"]);
    expect(orderMoveOptions([line("Ready for pickup"), line("Cancelled")])).toEqual(["Completed", "Cancelled"]);
    expect(orderMoveOptions([line("Completed"), line("Cancelled")])).toEqual([]);
  });

  it("sums up the lines' statuses and the returns waiting", () => {
    expect(fulfilmentSummary([line("Shipped"), line("Shipped"), line("Completed", "Requested")])).toEqual({
      statuses: [
        ["Shipped", 2],
        ["Completed", 1],
      ],
      returns: [["Requested", 1]],
    });
  });

  it("reads the URL's filters, dropping values the list does not know", () => {
    expect(
      orderDeskSearchSchema({ status: "returns", payment: "awaiting-verification", from: "2026-11-01", to: "2026-11-25", page: "2", search: "Asha" }),
    ).toEqual({
      status: "returns",
      payment: "awaiting-verification",
      from: "2026-11-01",
      to: "2026-11-25",
      page: 2,
      search: "Asha",
    });
    expect(orderDeskSearchSchema({ status: "to-ship" })).toMatchObject({ status: "to-ship", payment: undefined });
    expect(orderDeskSearchSchema({ status: "shipped", payment: "x", from: "1 Nov", page: "0" })).toEqual({
      status: undefined,
      payment: undefined,
      from: undefined,
      to: undefined,
      page: undefined,
      search: undefined,
    });
  });

  it("asks GET /orders for the URL's state, its defaults filled in", () => {
    expect(orderDeskInput({})).toEqual({ status: "all", payment: "all", page: 1, search: "" });
    expect(orderDeskInput({ status: "cancelled", from: "2026-11-01", page: 3 })).toEqual({
      status: "cancelled",
      payment: "all",
      page: 3,
      search: "",
      from: "2026-11-01",
    });
  });
});
