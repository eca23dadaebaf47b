import { useState } from "react";
import { QueryState } from "../../QueryState";
import { toast } from "../../../lib/toast";
import { errorMessage, trpc } from "../../../lib/trpc";
import { AddressForm, type Address } from "./AddressForm";
import { AddressLines } from "./AddressLines";
import "./account.css";

/** the book's size (contracts/guest-and-addresses.md; the server refuses an 11th: TOO_MANY_ADDRESSES) */
const MAX_ADDRESSES = 10;

/**
 * The profile's address book (issue 29): the saved addresses, the default first; add, edit, delete
 * and make default. The default is where an order goes unless another is chosen at checkout.
 */
export function AddressBook({ contact }: { contact: { name: string; phone: string } }) {
  const addresses = trpc.addresses.list.useQuery();
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const close = () => setEditing(null);
  return (
    <section className="address-book" aria-labelledby="address-book-heading">
      <div className="section-head">
        <h2 id="address-book-heading">My addresses</h2>
      </div>
      <QueryState query={addresses}>
        {(list) => (
          <>
            {list.length === 0 && editing !== "new" && <p className="hint">No saved addresses yet.</p>}
            <ul className="address-list">
              {list.map((a) =>
                editing === a.addressId ? (
                  <li key={a.addressId}>
                    <AddressForm
                      address={a}
                      idPrefix={`addr-${a.addressId}`}
                      onSaved={() => {
                        toast.success("The address is saved.");
                        close();
                      }}
                      onCancel={close}
                    />
                  </li>
                ) : (
                  <AddressCard key={a.addressId} address={a} onEdit={() => setEditing(a.addressId)} />
                ),
              )}
            </ul>
            {editing === "new" ? (
              <AddressForm
                contact={contact}
                idPrefix="addr-new"
                onSaved={() => {
                  toast.success("The address is added.");
                  close();
                }}
                onCancel={close}
              />
            ) : list.length < MAX_ADDRESSES ? (
              <button type="button" className="btn secondary" onClick={() => setEditing("new")}>
                Add an address
              </button>
            ) : (
              <p className="hint">You have {MAX_ADDRESSES} addresses, the most you can keep. Delete one to add another.</p>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}

// "Change", not "Edit": the profile's own Edit (its details) stays the one button of that name
function AddressCard({ address: a, onEdit }: { address: Address; onEdit: () => void }) {
  const utils = trpc.useUtils();
  const [confirming, setConfirming] = useState(false);
  const changed = () => {
    void utils.addresses.list.invalidate();
    void utils.customers.details.invalidate();
  };
  const remove = trpc.addresses.remove.useMutation({
    onSuccess: () => {
      toast.success("The address is deleted.");
      changed();
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const makeDefault = trpc.addresses.setDefault.useMutation({
    onSuccess: () => {
      toast.success(`${a.label} is now your default address.`);
      changed();
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const busy = remove.isPending || makeDefault.isPending;
  const name = `${a.label}: ${a.houseNo}, ${a.city}`;
  return (
    <li className="card address-card" data-testid="address-card">
      <p className="address-head">
        <span className="badge">{a.label}</span>
        {a.isDefault && <span className="badge ok">Default</span>}
      </p>
      <AddressLines address={a} />
      {confirming ? (
        <div className="toolbar" role="group" aria-label={`Delete ${name}?`}>
          <span>Delete this address?</span>
          <button type="button" className="btn danger" onClick={() => remove.mutate({ addressId: a.addressId })} disabled={busy}>
            {remove.isPending ? "Deleting..." : "Yes, delete"}
          </button>
          <button type="button" className="btn secondary" onClick={() => setConfirming(false)} disabled={busy}>
            Keep it
          </button>
        </div>
      ) : (
        <div className="toolbar">
          <button type="button" className="btn secondary" onClick={onEdit} disabled={busy} aria-label={`Change ${name}`}>
            Change
          </button>
          <button type="button" className="btn secondary" onClick={() => setConfirming(true)} disabled={busy} aria-label={`Delete ${name}`}>
            Delete
          </button>
          {!a.isDefault && (
            <button
              type="button"
              className="btn secondary"
              onClick={() => makeDefault.mutate({ addressId: a.addressId })}
              disabled={busy}
              aria-label={`Make ${name} the default`}
            >
              Make default
            </button>
          )}
        </div>
      )}
    </li>
  );
}
