import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { useForm } from "react-hook-form";
import { customerUpdateSchema, type CustomerUpdate } from "@store/validators";
import { FormField } from "../FormField";
import type { RouterOutputs } from "../../lib/trpc";

type Customer = RouterOutputs["customers"]["details"];
type Values = z.input<typeof customerUpdateSchema>;

/** 'Update a customer': the spec's required fields (§5), a blank password keeps the old one. */
export function CustomerForm({
  customer,
  onSubmit,
  serverErrors,
  busy,
}: {
  customer: Customer;
  onSubmit: (values: CustomerUpdate) => void;
  serverErrors: Record<string, string>;
  busy: boolean;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values, unknown, CustomerUpdate>({
    resolver: zodResolver(customerUpdateSchema),
    defaultValues: {
      firstName: customer.firstName,
      lastName: customer.lastName,
      number: customer.number,
      email: customer.email,
      houseNo: customer.houseNo,
      city: customer.city,
      pinCode: customer.pinCode,
      state: customer.state,
      areaAddress: customer.areaAddress,
      password: "",
      customerStatus: customer.customerStatus,
    },
  });
  const err = (k: keyof Values) => errors[k] ?? (serverErrors[k] ? { message: serverErrors[k] } : undefined);
  return (
    <form className="card admin-form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <div className="form-grid">
        <FormField id="firstName" label="First Name" registration={register("firstName")} error={err("firstName")} autoComplete="off" />
        <FormField id="lastName" label="Last Name" registration={register("lastName")} error={err("lastName")} autoComplete="off" />
        <FormField
          id="number"
          label="Phone Number"
          registration={register("number")}
          error={err("number")}
          inputMode="numeric"
          maxLength={10}
          autoComplete="off"
        />
        <FormField id="email" label="Email Id" type="email" registration={register("email")} error={err("email")} autoComplete="off" />
        <FormField id="houseNo" label="House Number" registration={register("houseNo")} error={err("houseNo")} />
        <FormField id="city" label="City" registration={register("city")} error={err("city")} />
        <FormField id="pinCode" label="Pin Code" registration={register("pinCode")} error={err("pinCode")} inputMode="numeric" maxLength={6} />
        <FormField id="state" label="State" registration={register("state")} error={err("state")} />
        <FormField id="areaAddress" label="Area Address" registration={register("areaAddress")} error={err("areaAddress")} />
        <FormField
          id="password"
          label="Password"
          type="password"
          registration={register("password")}
          error={err("password")}
          hint="Leave blank to keep the current password."
          autoComplete="new-password"
        />
        <div className="field">
          <label htmlFor="customerStatus">Status</label>
          <select id="customerStatus" {...register("customerStatus", { setValueAs: (v) => v === true || v === "true" })}>
            <option value="true">Active</option>
            <option value="false">Inactive</option>
          </select>
        </div>
      </div>
      <button type="submit" className="btn" disabled={busy}>
        {busy ? "Saving..." : "Update"}
      </button>
    </form>
  );
}
