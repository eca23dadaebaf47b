import type { Address } from "./AddressForm";

/** An address as it goes on a parcel: who, where, and the phone the courier calls. */
export function AddressLines({ address: a, testId }: { address: Address; testId?: string }) {
  return (
    <address data-testid={testId}>
      <strong>{a.name}</strong>
      <br />
      {a.houseNo}, {a.areaAddress}
      {a.landmark ? `, near ${a.landmark}` : ""}
      <br />
      {a.city}, {a.state} {a.pinCode}
      <br />
      <span className="hint">Phone {a.phone}</span>
      {a.gstin && (
        <>
          <br />
          <span className="hint">GSTIN {a.gstin}</span>
        </>
      )}
    </address>
  );
}
