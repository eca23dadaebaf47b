import { zodResolver } from "@hookform/resolvers/zod";
import { createFileRoute } from "@tanstack/react-router";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { staffCreateSchema } from "@store/validators";
import { FormField } from "../../components/FormField";
import { QueryState } from "../../components/QueryState";
import { OwnerOnlyNote, useIsStaff } from "../../components/admin/OwnerOnly";
import { ReadOnlyFields } from "../../components/admin/ReadOnlyFields";
import { StatusBadge } from "../../components/admin/StatusBadge";
import { formatDate } from "../../lib/format";
import { toast } from "../../lib/toast";
import { errorMessage, fieldErrorsOf, trpc } from "../../lib/trpc";

export const Route = createFileRoute("/_admin/staff")({ component: Staff });

type StaffForm = z.input<typeof staffCreateSchema>;

/** Staff accounts (issue 17, the owner only): who can log in to the back office, add one, disable or enable. */
function Staff() {
  const staff = useIsStaff();
  return (
    <section className="admin-page" aria-labelledby="page-title">
      <title>Staff | Clean Store Admin</title>
      <div className="admin-head">
        <h1 id="page-title">Staff</h1>
      </div>
      <p className="hint">
        Staff work products, orders, carts and customers. Only the owner changes settings, confirms payments and refunds, manages staff and reads the audit
        trail. Disabling an account logs it out everywhere at once.
      </p>
      {staff ? <OwnAccount /> : <StaffAccounts />}
    </section>
  );
}

/** What a staff member opening Staff reads: their own account and who manages the rest (issue 24). */
function OwnAccount() {
  const me = trpc.auth.adminMe.useQuery(undefined, { staleTime: 5 * 60_000 });
  return (
    <section className="card" aria-labelledby="own-account">
      <h2 id="own-account">Your account</h2>
      <QueryState query={me}>
        {(a) => (
          <ReadOnlyFields
            fields={[
              ["Name", a.name],
              ["Email", a.email],
              ["Phone", a.phone],
              ["Role", a.role === "owner" ? "Owner" : "Staff"],
            ]}
          />
        )}
      </QueryState>
      <OwnerOnlyNote note="The owner adds, disables and enables staff logins." />
    </section>
  );
}

/** The owner's list of back-office accounts and the form adding one. */
function StaffAccounts() {
  const utils = trpc.useUtils();
  const list = trpc.staff.list.useQuery();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<StaffForm>({ resolver: zodResolver(staffCreateSchema), defaultValues: { name: "", email: "", phone: "", password: "" } });
  const create = trpc.staff.create.useMutation({
    onSuccess: async (r) => {
      toast.success(r.message);
      reset();
      await utils.staff.invalidate();
    },
    onError: (e) => {
      const fields = fieldErrorsOf(e);
      for (const [name, message] of Object.entries(fields)) setError(name as keyof StaffForm, { message });
      if (Object.keys(fields).length === 0) toast.error(errorMessage(e));
    },
  });
  const changed = {
    onSuccess: async (r: { message: string }) => {
      toast.success(r.message);
      await utils.staff.invalidate();
    },
    onError: (e: unknown) => toast.error(errorMessage(e)),
  };
  const disable = trpc.staff.disable.useMutation(changed);
  const enable = trpc.staff.enable.useMutation(changed);
  return (
    <>
      <QueryState query={list}>
        {(accounts) => (
          <div className="table-wrap">
            <table className="data">
              <caption className="visually-hidden">Back-office accounts</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Phone</th>
                  <th scope="col">Role</th>
                  <th scope="col">Status</th>
                  <th scope="col">Added</th>
                  <th scope="col">Action</th>
                </tr>
              </thead>
              <tbody>
                {accounts.map((a) => (
                  <tr key={a.adminId} data-staff={a.email}>
                    <td>{a.name}</td>
                    <td>{a.email}</td>
                    <td>{a.phone ?? "—"}</td>
                    <td>{a.role === "owner" ? "Owner" : "Staff"}</td>
                    <td>
                      <StatusBadge value={a.active ? "Active" : "Inactive"} />
                    </td>
                    <td>{formatDate(a.createdAt)}</td>
                    <td>
                      {a.role === "staff" &&
                        (a.active ? (
                          <button
                            type="button"
                            className="btn small danger"
                            disabled={disable.isPending}
                            onClick={() => disable.mutate({ adminId: a.adminId })}
                          >
                            Disable {a.name}
                          </button>
                        ) : (
                          <button type="button" className="btn small" disabled={enable.isPending} onClick={() => enable.mutate({ adminId: a.adminId })}>
                            Enable {a.name}
                          </button>
                        ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
      <section className="card" aria-labelledby="add-staff">
        <h2 id="add-staff">Add a staff login</h2>
        <form noValidate onSubmit={handleSubmit((values) => create.mutate(staffCreateSchema.parse(values)))}>
          <FormField id="staff-name" label="Name" registration={register("name")} error={errors.name} autoComplete="off" />
          <FormField id="staff-email" label="Email" type="email" registration={register("email")} error={errors.email} autoComplete="off" />
          <FormField
            id="staff-phone"
            label="Phone Number (optional)"
            inputMode="numeric"
            registration={register("phone")}
            error={errors.phone}
            autoComplete="off"
          />
          <FormField
            id="staff-password"
            label="First password"
            type="password"
            hint="At least 10 characters; give it to the staff member to change."
            registration={register("password")}
            error={errors.password}
            autoComplete="new-password"
          />
          <button type="submit" className="btn" disabled={create.isPending}>
            {create.isPending ? "Adding..." : "Add staff"}
          </button>
        </form>
      </section>
    </>
  );
}
