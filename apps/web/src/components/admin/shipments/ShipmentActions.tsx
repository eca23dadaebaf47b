// What the store does with one shipment (issue 28): record the next step by hand (only the steps the
// status order allows), cancel it before the courier picks it up, and decide a failed delivery —
// another attempt (date, phone, address) or return to origin.
import { useId, useState, type FormEvent } from "react";
import { nextShipmentStatuses } from "@store/domain";
import { REATTEMPT_MAX_DAYS } from "@store/validators";
import { toast } from "../../../lib/toast";
import { trpc } from "../../../lib/trpc";
import { ConfirmDialog } from "../ConfirmDialog";
import { istDay, istLocalToIso, refusalText, useShipmentRefresh, type Shipment } from "./shipmentText";

export function ShipmentActions({ shipment: s }: { shipment: Shipment }) {
  const next = nextShipmentStatuses(s.status);
  const steps = next.filter((n) => n !== "Cancelled");
  const canCancel = next.includes("Cancelled");
  if (steps.length === 0 && !canCancel && s.status !== "NDR") return null;
  return (
    <div className="shipment-actions">
      {s.status === "NDR" && <NdrDecision shipment={s} />}
      {steps.length > 0 && <RecordStep shipment={s} steps={steps} />}
      {canCancel && <CancelShipment shipment={s} />}
    </div>
  );
}

function RecordStep({ shipment: s, steps }: { shipment: Shipment; steps: Shipment["status"][] }) {
  const base = useId();
  const refresh = useShipmentRefresh();
  const [status, setStatus] = useState<Shipment["status"]>(steps[0]!);
  const [at, setAt] = useState("");
  const [location, setLocation] = useState("");
  const [remark, setRemark] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  // the choices follow the shipment's status: a step no longer allowed falls back to the first one
  const chosen = steps.includes(status) ? status : steps[0]!;
  const add = trpc.tracking.addEvent.useMutation({
    onSuccess: async (r) => {
      toast.success(`Shipment ${r.awb}: ${r.status}.`);
      setRefusal(null);
      setAt("");
      setLocation("");
      setRemark("");
      await refresh();
    },
    onError: (e) => setRefusal(refusalText(e)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate({ shipmentId: s.shipmentId, status: chosen, at: istLocalToIso(at), location: location || undefined, remark: remark || undefined });
  };
  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${base}-title`}>
      <h4 id={`${base}-title`}>Record a step</h4>
      <div className="field">
        <label htmlFor={`${base}-status`}>Next status</label>
        <select id={`${base}-status`} value={chosen} onChange={(e) => setStatus(e.target.value as Shipment["status"])}>
          {steps.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${base}-at`}>When (IST, blank: now)</label>
        <input id={`${base}-at`} type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${base}-location`}>Location (optional)</label>
        <input id={`${base}-location`} value={location} maxLength={200} onChange={(e) => setLocation(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${base}-remark`}>Remark (optional)</label>
        <input id={`${base}-remark`} value={remark} maxLength={500} onChange={(e) => setRemark(e.target.value)} />
      </div>
      {refusal && (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      )}
      <button type="submit" className="btn small" disabled={add.isPending}>
        {add.isPending ? "Recording..." : "Record step"}
      </button>
    </form>
  );
}

function CancelShipment({ shipment: s }: { shipment: Shipment }) {
  const refresh = useShipmentRefresh();
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const cancel = trpc.shipments.cancel.useMutation({
    onSuccess: async (r) => {
      toast.success(`Shipment ${r.awb} cancelled: its lines await shipment again.`);
      setOpen(false);
      await refresh();
    },
    onError: (e) => {
      setOpen(false);
      setRefusal(refusalText(e));
    },
  });
  return (
    <div>
      <h4>Before pickup</h4>
      <p className="hint">Cancelling puts the lines back in the packing queue.</p>
      <button type="button" className="btn small danger" onClick={() => setOpen(true)}>
        Cancel shipment
      </button>
      {refusal && (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      )}
      <ConfirmDialog
        open={open}
        title={`Cancel shipment ${s.awb}?`}
        message="The courier has not picked it up yet. Its lines go back to the packing queue."
        confirmLabel="Cancel shipment"
        busyLabel="Cancelling..."
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate({ shipmentId: s.shipmentId })}
        onCancel={() => setOpen(false)}
      />
    </div>
  );
}

function NdrDecision({ shipment: s }: { shipment: Shipment }) {
  const base = useId();
  const refresh = useShipmentRefresh();
  const [action, setAction] = useState<"REATTEMPT" | "RTO">("REATTEMPT");
  const [preferredDate, setPreferredDate] = useState(istDay(1));
  const [phone, setPhone] = useState("");
  const [address, setAddress] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const decide = trpc.tracking.ndrAction.useMutation({
    onSuccess: async (r) => {
      toast.success(action === "RTO" ? `Shipment ${r.awb} goes back to the store.` : `Shipment ${r.awb}: another attempt asked for.`);
      setRefusal(null);
      await refresh();
    },
    onError: (e) => setRefusal(refusalText(e)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    decide.mutate(
      action === "RTO"
        ? { shipmentId: s.shipmentId, action }
        : { shipmentId: s.shipmentId, action, preferredDate: preferredDate || undefined, phone: phone || undefined, address: address || undefined },
    );
  };
  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${base}-title`} className="ndr-decision">
      <h4 id={`${base}-title`}>Failed delivery: what next?</h4>
      {s.ndr && (
        <p className="hint">
          Attempt {s.ndr.attempts}
          {s.ndr.reason ? `: ${s.ndr.reason}` : ""}
        </p>
      )}
      <fieldset className="ship-lines">
        <legend>Decision</legend>
        <label className="check-field">
          <input type="radio" name={`${base}-action`} checked={action === "REATTEMPT"} onChange={() => setAction("REATTEMPT")} /> Re-attempt delivery
        </label>
        <label className="check-field">
          <input type="radio" name={`${base}-action`} checked={action === "RTO"} onChange={() => setAction("RTO")} /> Return to origin
        </label>
      </fieldset>
      {action === "REATTEMPT" && (
        <>
          <div className="field">
            <label htmlFor={`${base}-date`}>Preferred date</label>
            <input
              id={`${base}-date`}
              type="date"
              value={preferredDate}
              min={istDay(0)}
              max={istDay(REATTEMPT_MAX_DAYS)}
              onChange={(e) => setPreferredDate(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${base}-phone`}>Phone (optional, 10 digits)</label>
            <input id={`${base}-phone`} inputMode="numeric" maxLength={10} value={phone} onChange={(e) => setPhone(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={`${base}-address`}>Address or landmark (optional)</label>
            <input id={`${base}-address`} maxLength={500} value={address} onChange={(e) => setAddress(e.target.value)} />
          </div>
        </>
      )}
      {refusal && (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      )}
      <button type="submit" className={`btn small${action === "RTO" ? " danger" : ""}`} disabled={decide.isPending}>
        {decide.isPending ? "Sending..." : action === "RTO" ? "Return to origin" : "Ask for re-attempt"}
      </button>
    </form>
  );
}
