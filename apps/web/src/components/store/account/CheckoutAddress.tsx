import { useState } from "react";
import { Link } from "@tanstack/react-router";
import { QueryState } from "../../QueryState";
import { trpc } from "../../../lib/trpc";
import { AddressForm } from "./AddressForm";
import { AddressLines } from "./AddressLines";
import "./account.css";
import "../../../styles/order-confirmation.css";

/** as the server's MAX_ADDRESSES: no "Add" once the book is full */
const MAX_ADDRESSES = 10;

/**
 * The cart's "Deliver to" (issue 29): the address book's default, or another of its addresses
 * chosen here, or a new one added here (and then chosen). `value` null: the default. The order
 * takes its name, address, state (GST place of supply) and GSTIN from the chosen address. With a
 * single address, "Change" edits it on the profile and comes back, as before the address book.
 */
export function CheckoutAddress({ customerId, value, onChange }: { customerId: number; value: number | null; onChange: (addressId: number | null) => void }) {
  const addresses = trpc.addresses.list.useQuery();
  const customer = trpc.customers.details.useQuery({ customerId });
  const [adding, setAdding] = useState(false);
  const contact = customer.data ? { name: `${customer.data.firstName} ${customer.data.lastName}`, phone: customer.data.number } : undefined;
  const only = addresses.data?.length === 1 ? addresses.data[0] : undefined;
  return (
    <section className="deliver-to" aria-labelledby="deliver-to-heading">
      <div className="deliver-to-head">
        <h3 id="deliver-to-heading">Deliver to</h3>
        {only && !adding && (
          <Link
            to="/userProfile/$customerId"
            params={{ customerId: String(customerId) }}
            search={{ redirect: `/myCart/${customerId}` }}
            className="deliver-to-change"
            aria-label="Change the delivery address"
          >
            Change
          </Link>
        )}
      </div>
      <QueryState query={addresses}>
        {(list) => {
          const chosen = list.find((a) => a.addressId === value) ?? list.find((a) => a.isDefault) ?? list[0];
          return (
            <>
              {adding || !chosen ? (
                <AddressForm
                  contact={contact}
                  idPrefix="co-addr"
                  onSaved={(saved) => {
                    setAdding(false);
                    onChange(saved.addressId);
                  }}
                  onCancel={chosen ? () => setAdding(false) : undefined}
                />
              ) : only ? (
                <AddressLines address={only} testId="deliver-to" />
              ) : (
                <fieldset className="address-choices">
                  <legend className="visually-hidden">Choose the delivery address</legend>
                  {list.map((a) => (
                    <label key={a.addressId} className="address-choice">
                      <input
                        type="radio"
                        name="deliveryAddress"
                        value={a.addressId}
                        checked={chosen.addressId === a.addressId}
                        onChange={() => onChange(a.addressId)}
                      />
                      <span>
                        <span className="badge">{a.label}</span> {a.isDefault && <span className="badge ok">Default</span>}
                        <AddressLines address={a} testId={chosen.addressId === a.addressId ? "deliver-to" : undefined} />
                      </span>
                    </label>
                  ))}
                </fieldset>
              )}
              {!adding && chosen && list.length < MAX_ADDRESSES && (
                <button type="button" className="link-button" onClick={() => setAdding(true)}>
                  Deliver to a new address
                </button>
              )}
            </>
          );
        }}
      </QueryState>
    </section>
  );
}
