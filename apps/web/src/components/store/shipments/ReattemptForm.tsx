// After a failed delivery (NDR, issue 28) the shopper picks a day for another attempt within the
// courier's window, and may add a phone number and a landmark; the shop records it and forwards it
// to the courier. The NDR message links here (the order page's #delivery).
import { useEffect, useRef, useState, type FormEvent } from "react";
import { addDays, istDay } from "@store/domain";
import { REATTEMPT_MAX_DAYS } from "@store/validators";
import { errorMessage, fieldErrorsOf, trpc } from "../../../lib/trpc";
import { formatDay, type OrderShipment } from "./shipmentView";

type Fields = { preferredDate: string; phone: string; landmark: string };

export function ReattemptForm({ productOrderId, shipment }: { productOrderId: string; shipment: OrderShipment }) {
  const ndr = shipment.ndr;
  const [sent, setSent] = useState(false);
  // a request after the courier's last failed attempt answers it; a new failure asks again
  const answered = ndr?.actionAt && (!ndr.lastAttemptAt || ndr.actionAt >= ndr.lastAttemptAt) ? ndr : null;
  return (
    <section className="reattempt" aria-labelledby={`reattempt-${shipment.shipmentId}`}>
      <h3 id={`reattempt-${shipment.shipmentId}`}>Delivery attempt failed</h3>
      <p>
        The courier could not deliver this parcel{ndr && ndr.attempts > 1 ? ` (${ndr.attempts} attempts)` : ""}
        {ndr?.reason ? `: ${ndr.reason}` : "."}
      </p>
      {answered?.action === "RTO" ? (
        <p className="notice">This parcel is being sent back to us. Call us if you still want it.</p>
      ) : answered?.action === "REATTEMPT" ? (
        <Recorded preferredDate={answered.preferredDate} focus={sent} />
      ) : (
        <Form productOrderId={productOrderId} shipmentId={shipment.shipmentId} onSent={() => setSent(true)} />
      )}
    </section>
  );
}

/** The shopper's choice, recorded: announced and focused right after the form sends it. */
function Recorded({ preferredDate, focus }: { preferredDate: string | null; focus: boolean }) {
  const note = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focus) note.current?.focus();
  }, [focus]);
  return (
    <p ref={note} tabIndex={-1} className="reattempt-done" role="status">
      Your request is recorded: the courier will try again{preferredDate ? ` on ${formatDay(preferredDate)}` : " soon"}.
    </p>
  );
}

function Form({ productOrderId, shipmentId, onSent }: { productOrderId: string; shipmentId: number; onSent: () => void }) {
  const today = istDay(new Date());
  const first = addDays(today, 1);
  const last = addDays(today, REATTEMPT_MAX_DAYS);
  const [fields, setFields] = useState<Fields>({ preferredDate: first, phone: "", landmark: "" });
  const [errors, setErrors] = useState<Partial<Record<keyof Fields | "form", string>>>({});
  const utils = trpc.useUtils();
  const reattempt = trpc.tracking.reattempt.useMutation({
    onSuccess: (shipment) => {
      onSent();
      utils.shipments.forOrder.setData({ productOrderId }, (prev) =>
        prev ? { ...prev, shipments: prev.shipments.map((s) => (s.shipmentId === shipment.shipmentId ? shipment : s)) } : prev,
      );
    },
    onError: (e) => {
      const byField = fieldErrorsOf(e);
      setErrors({ ...byField, form: Object.keys(byField).length ? undefined : errorMessage(e) });
      // e.g. the courier's next scan moved it on meanwhile (NOT_IN_NDR): show where it is now
      void utils.shipments.forOrder.invalidate({ productOrderId });
    },
  });
  const set = (name: keyof Fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems: typeof errors = {};
    if (!fields.preferredDate || fields.preferredDate < first || fields.preferredDate > last)
      problems.preferredDate = `Choose a day between ${formatDay(first)} and ${formatDay(last)}.`;
    if (fields.phone.trim() && !/^\d{10}$/.test(fields.phone.trim())) problems.phone = "Enter a 10-digit mobile number, or leave it empty.";
    setErrors(problems);
    if (Object.keys(problems).length) return;
    reattempt.mutate({
      productOrderId,
      shipmentId,
      preferredDate: fields.preferredDate,
      phone: fields.phone.trim() || undefined,
      landmark: fields.landmark.trim() || undefined,
    });
  };

  const id = (name: string) => `reattempt-${shipmentId}-${name}`;
  const described = (name: keyof Fields, hint?: boolean) => (errors[name] ? id(`${name}-error`) : hint ? id(`${name}-hint`) : undefined);
  const error = (name: keyof Fields) =>
    errors[name] && (
      <small id={id(`${name}-error`)} className="field-error" role="alert">
        {errors[name]}
      </small>
    );
  return (
    <form onSubmit={submit} noValidate aria-label="Ask for another delivery attempt">
      <div className="field">
        <label htmlFor={id("date")}>Deliver on</label>
        <input
          id={id("date")}
          type="date"
          required
          min={first}
          max={last}
          value={fields.preferredDate}
          onChange={set("preferredDate")}
          aria-invalid={errors.preferredDate ? true : undefined}
          aria-describedby={described("preferredDate", true)}
        />
        {!errors.preferredDate && (
          <small id={id("preferredDate-hint")} className="hint">
            Within the next {REATTEMPT_MAX_DAYS} days.
          </small>
        )}
        {error("preferredDate")}
      </div>
      <div className="field">
        <label htmlFor={id("phone")}>Phone for the courier (optional)</label>
        <input
          id={id("phone")}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={10}
          value={fields.phone}
          onChange={set("phone")}
          aria-invalid={errors.phone ? true : undefined}
          aria-describedby={described("phone")}
        />
        {error("phone")}
      </div>
      <div className="field">
        <label htmlFor={id("landmark")}>Landmark (optional)</label>
        <input
          id={id("landmark")}
          type="text"
          maxLength={200}
          value={fields.landmark}
          onChange={set("landmark")}
          aria-invalid={errors.landmark ? true : undefined}
          aria-describedby={described("landmark")}
        />
        {error("landmark")}
      </div>
      <div className="form-actions">
        {errors.form && (
          <p className="form-error" role="alert">
            {errors.form}
          </p>
        )}
        <button type="submit" className="btn" disabled={reattempt.isPending}>
          {reattempt.isPending ? "Sending..." : "Ask for another attempt"}
        </button>
      </div>
    </form>
  );
}
