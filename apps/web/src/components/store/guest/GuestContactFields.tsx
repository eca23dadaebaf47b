// A guest's name, phone, e-mail and delivery address (issue 29): the fields of POST /guest/checkout.
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { FormField } from "../../FormField";

export interface GuestContact {
  name: string;
  phone: string;
  email: string;
  houseNo: string;
  areaAddress: string;
  landmark?: string;
  city: string;
  pinCode: string;
  state: string;
}

export const EMPTY_CONTACT: GuestContact = { name: "", phone: "", email: "", houseNo: "", areaAddress: "", landmark: "", city: "", pinCode: "", state: "" };

export function GuestContactFields({
  register: r,
  errors: e,
  pinHint,
}: {
  register: UseFormRegister<GuestContact>;
  errors: FieldErrors<GuestContact>;
  pinHint?: string;
}) {
  return (
    <div className="form-grid">
      <FormField id="guest-name" label="Full Name" autoComplete="name" registration={r("name")} error={e.name} />
      <FormField
        id="guest-phone"
        label="Mobile Number"
        type="tel"
        inputMode="numeric"
        maxLength={10}
        autoComplete="tel-national"
        registration={r("phone")}
        error={e.phone}
        hint="10 digits. The courier calls it; a code may be sent to it."
      />
      <FormField
        id="guest-email"
        label="Email"
        type="email"
        autoComplete="email"
        registration={r("email")}
        error={e.email}
        hint="Your invoice and order link come here."
      />
      <FormField id="guest-houseNo" label="House Number" autoComplete="address-line1" registration={r("houseNo")} error={e.houseNo} />
      <FormField id="guest-areaAddress" label="Area Address" autoComplete="address-line2" registration={r("areaAddress")} error={e.areaAddress} />
      <FormField id="guest-landmark" label="Landmark (optional)" autoComplete="off" registration={r("landmark")} error={e.landmark} />
      <FormField
        id="guest-pinCode"
        label="Pin Code"
        inputMode="numeric"
        maxLength={6}
        autoComplete="postal-code"
        registration={r("pinCode")}
        error={e.pinCode}
        hint={pinHint}
      />
      <FormField id="guest-city" label="City" autoComplete="address-level2" registration={r("city")} error={e.city} />
      <FormField id="guest-state" label="State" autoComplete="address-level1" registration={r("state")} error={e.state} />
    </div>
  );
}
