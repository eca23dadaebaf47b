import { useState } from "react";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { customerUpdateSchema } from "@store/validators";
import { toast } from "../../lib/toast";
import type { z } from "zod";
import { FormField } from "../../components/FormField";
import { QueryState } from "../../components/QueryState";
import { ContactFields, contactDefaults } from "../../components/store/ContactFields";
import { usePincodeFill } from "../../components/store/usePincodeFill";
import { loginSearch } from "../../components/store/searchParams";
import { StoreLayout } from "../../components/store/StoreLayout";
import { useLogout } from "../../components/store/Header";
import { saveCustomerSession } from "../../lib/auth";
import { formatDate } from "../../lib/format";
import { errorMessage, fieldErrorsOf, trpc, type RouterOutputs } from "../../lib/trpc";
import { pathIds } from "../../lib/route-params";
import { AddressBook } from "../../components/store/account/AddressBook";
import { MessagePreferences } from "../../components/store/account/MessagePreferences";

export const Route = createFileRoute("/_customer/userProfile/$customerId")({
  params: { parse: pathIds },
  // the spec's address is /userProfile/{customerId}/: with or without the slash
  staticData: { trailingSlash: true },
  // ?redirect=/myCart/5: the cart's "Change" of the delivery address opens the form and comes back
  validateSearch: loginSearch,
  component: Profile,
});

type Customer = RouterOutputs["customers"]["details"];
type Input = z.input<typeof customerUpdateSchema>;
type Output = z.output<typeof customerUpdateSchema>;

function Profile() {
  const { customerId } = Route.useRouteContext();
  const customer = trpc.customers.details.useQuery({ customerId });
  const { redirect } = Route.useSearch();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(redirect !== undefined);
  const done = () => (redirect ? void navigate({ href: redirect, replace: true }) : setEditing(false));
  return (
    <StoreLayout title="My Profile" narrow>
      <div className="section-head">
        <h1>My Profile</h1>
        {!editing && customer.data && (
          <button type="button" className="btn secondary" onClick={() => setEditing(true)}>
            Edit
          </button>
        )}
      </div>
      {editing && redirect && <p className="hint">Your orders are delivered to the address below. Save to go back.</p>}
      <QueryState query={customer}>{(c) => (editing ? <ProfileForm customer={c} onDone={done} /> : <ProfileView customer={c} />)}</QueryState>
      {!editing && customer.data && <AddressBook contact={{ name: `${customer.data.firstName} ${customer.data.lastName}`, phone: customer.data.number }} />}
      {!editing && customer.data && <MessagePreferences />}
      {!editing && <LogoutEverywhere />}
    </StoreLayout>
  );
}

/** Ends every session of the account (a lost phone, a shared computer), this one too. */
function LogoutEverywhere() {
  const logout = useLogout();
  const everywhere = trpc.auth.logoutAll.useMutation({
    onSuccess: (res) => {
      toast.success(res.message);
      logout();
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  return (
    <p className="toolbar">
      <button type="button" className="btn secondary" onClick={() => everywhere.mutate({})} disabled={everywhere.isPending}>
        {everywhere.isPending ? "Logging out..." : "Log out of all devices"}
      </button>
    </p>
  );
}

/** The account's details; its address is the address book's default, shown there (issue 29). */
function ProfileView({ customer: c }: { customer: Customer }) {
  const rows: [string, string][] = [
    ["First Name", c.firstName],
    ["Last Name", c.lastName],
    ["Phone Number", c.number],
    ["Email", c.email],
    ...(c.gstin ? ([["GSTIN", c.gstin]] as [string, string][]) : []),
    ["Customer since", formatDate(c.createdAt)],
  ];
  return (
    <dl className="details-grid card profile-view">
      {rows.map(([k, v]) => (
        <div key={k} className="details-row">
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function ProfileForm({ customer, onDone }: { customer: Customer; onDone: () => void }) {
  const utils = trpc.useUtils();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(customerUpdateSchema),
    defaultValues: { ...contactDefaults(customer), gstin: customer.gstin ?? "", password: "", currentPassword: "" },
  });
  const pin = usePincodeFill(form);
  const update = trpc.customers.update.useMutation({
    onSuccess: (res) => {
      // a new password ended every earlier session, this one too: go on with the new token
      if (res.token) saveCustomerSession(res.token, customer.customerId);
      utils.customers.details.setData({ customerId: customer.customerId }, res.customer);
      // the profile's address is the address book's default
      void utils.addresses.list.invalidate();
      toast.success(res.token ? "Your profile and new password are saved. Other devices were logged out." : "Your profile is saved.");
      onDone();
    },
    onError: (e) => {
      for (const [k, m] of Object.entries(fieldErrorsOf(e))) form.setError(k as keyof Input, { message: m });
      setError(errorMessage(e));
    },
  });
  const submit = form.handleSubmit((values) => {
    setError(null);
    update.mutate({ ...values, customerId: customer.customerId });
  });
  return (
    <form className="card" onSubmit={submit} noValidate aria-label="Edit my profile">
      <ContactFields register={form.register} errors={form.formState.errors} idPrefix="pf" pinHint={pin.hint} />
      <FormField
        id="pf-gstin"
        label="GSTIN (optional)"
        autoComplete="off"
        maxLength={15}
        hint="For a business purchase: printed on your tax invoices"
        registration={form.register("gstin")}
        error={form.formState.errors.gstin}
      />
      <FormField
        id="pf-password"
        label="New Password"
        type="password"
        autoComplete="new-password"
        hint="Leave blank to keep your current password"
        registration={form.register("password")}
        error={form.formState.errors.password}
      />
      <FormField
        id="pf-current-password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        hint="Needed only to set a new password"
        registration={form.register("currentPassword")}
        error={form.formState.errors.currentPassword}
      />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="toolbar">
        <button type="submit" className="btn" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save"}
        </button>
        <button type="button" className="btn secondary" onClick={onDone} disabled={update.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
