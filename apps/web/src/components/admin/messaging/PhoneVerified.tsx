// Whether a customer proved their phone with an OTP (issue 29): shown beside the number in the back office.
import { formatDate } from "../../../lib/format";

export function PhoneVerified({ verified, at, long = false }: { verified: boolean; at?: string | Date | null; long?: boolean }) {
  if (!verified) return long ? <span className="hint"> · Phone not verified</span> : null;
  return (
    <span className="badge verified" data-testid="phone-verified" title={at ? `Verified by OTP on ${formatDate(at)}` : "Verified by OTP"}>
      {long ? ` · Phone verified${at ? ` on ${formatDate(at)}` : ""}` : " ✓ Phone verified"}
    </span>
  );
}
