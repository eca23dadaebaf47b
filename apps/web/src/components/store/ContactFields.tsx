import type { FieldErrors, UseFormRegister } from "react-hook-form";
import type { z } from "zod";
import type { customerUpdateSchema } from "@store/validators";
import { FormField } from "../FormField";

/** The fields of the forms that show ContactFields (checkout, profile): a customer update. */
type ContactForm = z.input<typeof customerUpdateSchema>;

/** Name, phone, email and address inputs, shared by checkout and the profile; pinHint: usePincodeFill's word on the PIN code. */
export function ContactFields({
  register: r,
  errors: e,
  idPrefix,
  pinHint,
}: {
  register: UseFormRegister<ContactForm>;
  errors: FieldErrors<ContactForm>;
  idPrefix: string;
  pinHint?: string;
}) {
  return (
    <div className="form-grid">
      <FormField id={`${idPrefix}-firstName`} label="First Name" autoComplete="given-name" registration={r("firstName")} error={e.firstName} />
      <FormField id={`${idPrefix}-lastName`} label="Last Name" autoComplete="family-name" registration={r("lastName")} error={e.lastName} />
      <FormField
        id={`${idPrefix}-number`}
        label="Phone Number"
        type="tel"
        inputMode="numeric"
        maxLength={10}
        autoComplete="tel-national"
        registration={r("number")}
        error={e.number}
      />
      <FormField id={`${idPrefix}-email`} label="Email" type="email" autoComplete="email" registration={r("email")} error={e.email} />
      <FormField id={`${idPrefix}-houseNo`} label="House Number" autoComplete="address-line1" registration={r("houseNo")} error={e.houseNo} />
      <FormField id={`${idPrefix}-areaAddress`} label="Area Address" autoComplete="address-line2" registration={r("areaAddress")} error={e.areaAddress} />
      <FormField id={`${idPrefix}-city`} label="City" autoComplete="address-level2" registration={r("city")} error={e.city} />
      <FormField id={`${idPrefix}-state`} label="State" autoComplete="address-level1" registration={r("state")} error={e.state} />
      <FormField
        id={`${idPrefix}-pinCode`}
        label="Pin Code"
        inputMode="numeric"
        maxLength={6}
        autoComplete="postal-code"
        registration={r("pinCode")}
        error={e.pinCode}
        hint={pinHint}
      />
    </div>
  );
}

type Customer = {
  firstName: string;
  lastName: string;
  number: string;
  email: string;
  houseNo: string;
  areaAddress: string;
  city: string;
  state: string;
  pinCode: string;
};
export const contactDefaults = (c: Customer) => ({
  firstName: c.firstName,
  lastName: c.lastName,
  number: c.number,
  email: c.email,
  houseNo: c.houseNo,
  areaAddress: c.areaAddress,
  city: c.city,
  state: c.state,
  pinCode: c.pinCode,
});
