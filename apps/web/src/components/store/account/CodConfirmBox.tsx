import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import type { otpVerifySchema } from "@store/validators";
import { formatDateTime } from "../../../lib/format";
import { lazyZodResolver } from "../../../lib/lazyResolver";
import { toast } from "../../../lib/toast";
import { errorMessage, trpc } from "../../../lib/trpc";
import { CodeField } from "./CodeField";
import { useCountdown } from "./useCountdown";
import "./account.css";

type CodeForm = Pick<z.input<typeof otpVerifySchema>, "code">;
const codeResolver = lazyZodResolver<CodeForm, CodeForm>((s) => s.otpVerifySchema.pick({ code: true }));

/**
 * A cash-on-delivery order waiting for its buyer's word (Setting codConfirmation "otp"): the code
 * sent by SMS confirms it, and only then is it packed. Shown while the order's codConfirmation is
 * "Pending"; confirming reloads the order, and the box goes.
 */
export function CodConfirmBox({ productOrderId, phone, confirmBy }: { productOrderId: string; phone: string | null; confirmBy: string | Date | null }) {
  const utils = trpc.useUtils();
  const form = useForm<CodeForm>({ resolver: codeResolver, defaultValues: { code: "" } });
  const [resendAt, setResendAt] = useState<number | null>(null);
  const wait = useCountdown(resendAt);
  const confirm = trpc.orders.codConfirm.useMutation({
    onSuccess: () => {
      toast.success("Thank you: your order is confirmed.");
      void utils.orders.order.invalidate({ productOrderId });
    },
  });
  const resend = trpc.otp.send.useMutation({
    onSuccess: (res) => {
      setResendAt(Date.now() + res.resendAfterSeconds * 1000);
      toast.success("A new code is on its way.");
    },
  });
  const submit = form.handleSubmit((v) => {
    resend.reset();
    confirm.mutate({ productOrderId, code: v.code });
  });
  const failure = confirm.error ?? resend.error;
  return (
    <section className="card cod-confirm" aria-labelledby="cod-confirm-heading">
      <h2 id="cod-confirm-heading">Confirm your cash-on-delivery order</h2>
      <p>
        We sent a 6-digit code by SMS{phone ? ` to your phone ending ${phone.slice(-4)}` : ""}. Enter it to confirm the order; we pack it only after that.
        {confirmBy && ` If it is not confirmed by ${formatDateTime(confirmBy)}, it is cancelled.`}
      </p>
      <form onSubmit={submit} onFocus={() => codeResolver.preload()} noValidate aria-label="Confirm the order with the code">
        <CodeField id="cod-code" registration={form.register("code")} error={form.formState.errors.code} />
        <button type="submit" className="btn" disabled={confirm.isPending}>
          {confirm.isPending ? "Confirming..." : "Confirm order"}
        </button>
      </form>
      {failure && (
        <p className="form-error" role="alert">
          {errorMessage(failure)}
        </p>
      )}
      <p className="otp-links">
        <button
          type="button"
          className="link-button"
          onClick={() => {
            confirm.reset();
            resend.mutate({ purpose: "COD_CONFIRM", productOrderId });
          }}
          disabled={wait > 0 || resend.isPending}
        >
          {resend.isPending ? "Sending..." : wait > 0 ? `Resend code in ${wait} s` : "Resend the code"}
        </button>
      </p>
    </section>
  );
}
