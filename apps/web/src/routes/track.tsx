import { useState, type FormEvent } from "react";
import { createFileRoute } from "@tanstack/react-router";
import { ErrorBox, Loading } from "../components/QueryState";
import { isPincode } from "../components/delivery/deliveryText";
import { NoIndex } from "../components/store/Seo";
import { StoreLayout } from "../components/store/StoreLayout";
import { ShipmentTracking } from "../components/store/shipments/ShipmentTracking";
import { keepTyped } from "../lib/hydration";
import { text } from "../lib/searchParams";
import { errorCode, trpc } from "../lib/trpc";

/**
 * Tracking a parcel without an account (issue 28): its AWB and the delivery PIN code, the proof
 * that it is yours, give its status, expected day and scans. The tracking link of a courier without
 * a site of its own is /track?awb=…. The form is a plain GET form, so it works before the scripts
 * run; the answer is read by the browser only, since the server keeps a guest's page for a while
 * and a parcel moves on its own.
 */
/** What the address holds: the router reads an all-digit value (a Delhivery AWB, a PIN code) as a number. */
type TrackSearch = { awb?: string | number; pincode?: string | number };
const digitsOrText = (v: unknown) => (typeof v === "string" || typeof v === "number" ? v : undefined);

export const Route = createFileRoute("/track")({
  // kept as read (a number stays a number), so the address is written back as it came, unquoted
  validateSearch: (search: Record<string, unknown>): TrackSearch => ({ awb: digitsOrText(search.awb), pincode: digitsOrText(search.pincode) }),
  component: TrackScreen,
});

function TrackScreen() {
  const search = Route.useSearch();
  const awb = text(search.awb, 40)?.toUpperCase();
  const pincode = text(search.pincode, 6);
  const navigate = Route.useNavigate();
  const [typed, setTyped] = useState({ awb: awb ?? "", pincode: pincode ?? "" });
  const [problems, setProblems] = useState<{ awb?: string; pincode?: string }>({});
  const asked = awb && pincode && isPincode(pincode) ? { awb, pincode } : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = { awb: typed.awb.trim().toUpperCase(), pincode: typed.pincode.trim() };
    const found = {
      awb: next.awb ? undefined : "Enter the AWB (tracking number) of your parcel.",
      pincode: isPincode(next.pincode) ? undefined : "Enter the 6-digit PIN code the parcel is delivered to.",
    };
    setProblems(found);
    if (found.awb || found.pincode) return;
    // as the plain form writes it (?awb=…&pincode=…): given as strings, the router would quote the digits
    void navigate({ href: `/track?${new URLSearchParams(next).toString()}`, replace: awb === next.awb });
  };
  const field = (name: "awb" | "pincode") => ({
    id: `track-${name}`,
    name,
    value: typed[name],
    onChange: (e: { target: { value: string } }) => setTyped((t) => ({ ...t, [name]: e.target.value })),
    ref: keepTyped((value) => setTyped((t) => ({ ...t, [name]: value }))),
    "aria-invalid": problems[name] ? true : undefined,
    "aria-describedby": problems[name] ? `track-${name}-error` : undefined,
  });
  const problem = (name: "awb" | "pincode") =>
    problems[name] && (
      <small id={`track-${name}-error`} className="field-error" role="alert">
        {problems[name]}
      </small>
    );

  return (
    <StoreLayout title="Track your order" narrow>
      <NoIndex />
      <h1>Track your order</h1>
      <p className="hint">The AWB (tracking number) is in the message we send when the courier picks your parcel up, and on your order in My Orders.</p>
      <form className="track-form card" method="get" action="/track" onSubmit={submit} noValidate aria-label="Track a parcel">
        <div className="field">
          <label htmlFor="track-awb">AWB (tracking number)</label>
          <input {...field("awb")} type="text" autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={40} required />
          {problem("awb")}
        </div>
        <div className="field">
          <label htmlFor="track-pincode">Delivery PIN code</label>
          <input {...field("pincode")} type="text" inputMode="numeric" autoComplete="postal-code" maxLength={6} required />
          {problem("pincode")}
        </div>
        <button type="submit" className="btn">
          Track
        </button>
      </form>
      {asked && <TrackResult awb={asked.awb} pincode={asked.pincode} />}
    </StoreLayout>
  );
}

function TrackResult({ awb, pincode }: { awb: string; pincode: string }) {
  const parcel = trpc.tracking.track.useQuery({ awb, pincode }, { retry: false });
  return (
    <section className="track-result card" aria-label={`Parcel ${awb}`}>
      {parcel.isPending ? (
        <Loading label="Finding your parcel..." />
      ) : parcel.isError && errorCode(parcel.error) === "NOT_FOUND" ? (
        <p className="form-error" role="alert">
          No parcel with that AWB and PIN code. Check both against your order&apos;s message, or ask us for help.
        </p>
      ) : parcel.isError || !parcel.data ? (
        <ErrorBox error={parcel.error} onRetry={() => void parcel.refetch()} />
      ) : (
        <ShipmentTracking parcel={parcel.data} heading="h2" />
      )}
    </section>
  );
}
