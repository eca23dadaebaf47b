import { useState } from "react";
import { formatINR } from "../../lib/format";
import { errorMessage, trpc } from "../../lib/trpc";
import { etaText, formatDeliverBy, isPincode } from "../delivery/deliveryText";

/** The zones screen's preview: type a PIN code, see the zone that serves it, the fee, ETA, COD and the date of an order placed now. */
export function ZonePreview() {
  const [typed, setTyped] = useState("");
  const pincode = typed.trim();
  const preview = trpc.zones.preview.useQuery({ pincode }, { enabled: isPincode(pincode), retry: false });
  const t = preview.data;
  return (
    <section className="card" aria-labelledby="zone-preview">
      <h2 id="zone-preview">Preview a PIN code</h2>
      <div className="field">
        <label htmlFor="zone-preview-pincode">PIN code</label>
        <input id="zone-preview-pincode" inputMode="numeric" maxLength={6} autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
        {pincode.length === 6 && !isPincode(pincode) && (
          <small className="field-error" role="alert">
            Enter a 6-digit PIN code
          </small>
        )}
      </div>
      {preview.error && (
        <p className="form-error" role="alert">
          {errorMessage(preview.error)}
        </p>
      )}
      {t && isPincode(pincode) && (
        <dl className="details-grid" aria-label={`Delivery to ${t.pincode}`} data-testid="zone-preview-result">
          <dt>Place</dt>
          <dd>{t.city ? `${t.city}, ${t.stateName}` : "Not in the PIN-code directory"}</dd>
          <dt>Zone</dt>
          <dd>{t.zone ? t.zone.name : t.zoned ? "No zone serves it" : "No zones yet: each product's own delivery charge"}</dd>
          <dt>Delivered</dt>
          <dd>{t.serviceable ? "Yes" : (t.message ?? "No")}</dd>
          {t.serviceable && (
            <>
              <dt>Fee</dt>
              <dd>{t.zoneFee === null ? "Each product's own charge" : t.zoneFee === 0 ? "Free" : formatINR(t.zoneFee)}</dd>
              <dt>ETA</dt>
              <dd>{etaText(t.etaDaysMin, t.etaDaysMax)}</dd>
              <dt>Cash on delivery</dt>
              <dd>{t.cod ? "Available" : "Not available"}</dd>
              <dt>Delivery by</dt>
              <dd>{t.deliverBy ? `${formatDeliverBy(t.deliverBy)} (ordered now)` : "—"}</dd>
            </>
          )}
        </dl>
      )}
    </section>
  );
}
