import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import type { addressCreateSchema, AddressLabel } from "@store/validators";
import { FormField } from "../../FormField";
import { lazyZodResolver } from "../../../lib/lazyResolver";
import { errorMessage, fieldErrorsOf, trpc, type RouterOutputs } from "../../../lib/trpc";
import { usePincodeFill } from "../usePincodeFill";
import "./account.css";

export type Address = RouterOutputs["addresses"]["list"][number];
type Input = z.input<typeof addressCreateSchema>;
type Output = z.output<typeof addressCreateSchema>;

// as @store/validators' ADDRESS_LABELS, which this form's first render does not import (zod)
const LABELS: readonly AddressLabel[] = ["Home", "Work", "Other"];
const resolver = lazyZodResolver((schemas) => schemas.addressCreateSchema);

const blank = (contact?: { name: string; phone: string }): Input => ({
  label: "Home",
  name: contact?.name ?? "",
  phone: contact?.phone ?? "",
  houseNo: "",
  areaAddress: "",
  landmark: "",
  city: "",
  pinCode: "",
  state: "",
  gstin: "",
});

const valuesOf = (a: Address): Input => ({
  label: LABELS.find((l) => l === a.label) ?? "Other",
  name: a.name,
  phone: a.phone,
  houseNo: a.houseNo,
  areaAddress: a.areaAddress,
  landmark: a.landmark ?? "",
  city: a.city,
  pinCode: a.pinCode,
  state: a.state,
  gstin: a.gstin ?? "",
});

/**
 * Adds an address to the book, or edits one (`address`): label, who receives it, where; the PIN
 * code fills city and state. `contact`: the name and phone a new address starts with (the account's).
 * `onSaved` gets the saved address (checkout chooses it).
 */
export function AddressForm({
  address,
  contact,
  idPrefix = "addr",
  onSaved,
  onCancel,
}: {
  address?: Address;
  contact?: { name: string; phone: string };
  idPrefix?: string;
  onSaved: (saved: Address) => void;
  onCancel?: () => void;
}) {
  const utils = trpc.useUtils();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Input, unknown, Output>({ resolver, defaultValues: address ? valuesOf(address) : blank(contact) });
  const pin = usePincodeFill(form);
  const done = (saved: Address) => {
    void utils.addresses.list.invalidate();
    // the default address is the profile's address too
    void utils.customers.details.invalidate();
    onSaved(saved);
  };
  const failed = (e: unknown) => {
    for (const [k, m] of Object.entries(fieldErrorsOf(e))) form.setError(k as keyof Input, { message: m });
    setError(errorMessage(e));
  };
  const add = trpc.addresses.add.useMutation({ onSuccess: done, onError: failed });
  const update = trpc.addresses.update.useMutation({ onSuccess: done, onError: failed });
  const pending = add.isPending || update.isPending;
  const submit = form.handleSubmit((values) => {
    setError(null);
    if (address) update.mutate({ ...values, addressId: address.addressId });
    else add.mutate(values);
  });
  const e = form.formState.errors;
  const r = form.register;
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <form
      className="card address-form"
      onSubmit={submit}
      onFocus={() => resolver.preload()}
      noValidate
      aria-label={address ? "Edit the address" : "Add an address"}
    >
      <fieldset className="address-labels">
        <legend>Save as</legend>
        {LABELS.map((l) => (
          <label key={l}>
            <input type="radio" value={l} {...r("label")} /> {l}
          </label>
        ))}
      </fieldset>
      <div className="form-grid">
        <FormField id={id("name")} label="Full Name" autoComplete="name" registration={r("name")} error={e.name} />
        <FormField
          id={id("phone")}
          label="Phone Number"
          type="tel"
          inputMode="numeric"
          maxLength={10}
          autoComplete="tel-national"
          registration={r("phone")}
          error={e.phone}
        />
        <FormField id={id("houseNo")} label="House Number" autoComplete="address-line1" registration={r("houseNo")} error={e.houseNo} />
        <FormField id={id("areaAddress")} label="Area Address" autoComplete="address-line2" registration={r("areaAddress")} error={e.areaAddress} />
        <FormField id={id("landmark")} label="Landmark (optional)" autoComplete="off" registration={r("landmark")} error={e.landmark} />
        <FormField
          id={id("pinCode")}
          label="Pin Code"
          inputMode="numeric"
          maxLength={6}
          autoComplete="postal-code"
          registration={r("pinCode")}
          error={e.pinCode}
          hint={pin.hint}
        />
        <FormField id={id("city")} label="City" autoComplete="address-level2" registration={r("city")} error={e.city} />
        <FormField id={id("state")} label="State" autoComplete="address-level1" registration={r("state")} error={e.state} />
        <FormField
          id={id("gstin")}
          label="GSTIN (optional)"
          autoComplete="off"
          maxLength={15}
          hint="For a business purchase: printed on the invoice"
          registration={r("gstin")}
          error={e.gstin}
        />
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="toolbar">
        <button type="submit" className="btn" disabled={pending}>
          {pending ? "Saving..." : "Save address"}
        </button>
        {onCancel && (
          <button type="button" className="btn secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
