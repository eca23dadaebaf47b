// POST /orders/{productOrderId}/cod-confirm (issue 29, contracts/otp-and-sms.md "COD confirmation"):
// the buyer's SMS code, or an admin's confirmation after a phone call (audited). Mounted on the orders
// router as orders.codConfirm.
import { codConfirmInput, codConfirmOutput } from "@store/validators";
import { orderReaderProcedure } from "../trpc.ts";
import { confirmCodRequest } from "./cod-confirmation.ts";

export const codConfirmProcedure = orderReaderProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/orders/{productOrderId}/cod-confirm",
      tags: ["Orders"],
      summary:
        "Confirm a cash-on-delivery order that waits for it (codConfirmation Pending): the buyer (its customer, or a guest with X-Order-Token) sends { code }, the 6 digits sent by SMS (400 OTP_INVALID with attemptsLeft, OTP_LOCKED, OTP_EXPIRED, OTP_USED; a new code: POST /auth/otp/send with purpose COD_CONFIRM); an admin who confirmed with the buyer by phone sends { byAdmin: true, note } (audited). An order not waiting for it (not COD, already Confirmed, Expired or cancelled) is 409",
    },
  })
  .input(codConfirmInput)
  .output(codConfirmOutput)
  .mutation(({ ctx, input }) => confirmCodRequest(ctx, input));
