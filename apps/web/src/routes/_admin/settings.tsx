import { zodResolver } from "@hookform/resolvers/zod";
import { createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "../../lib/toast";
import { z } from "zod";
import { adminPasswordChangeSchema, deliveryChargeSchema } from "@store/validators";
import { PASSWORD_MIN_LENGTH } from "@store/validators/constants";
import { FormField } from "../../components/FormField";
import { GstSettingsCard, PaymentSettingsCard, SearchSettingsCard } from "../../components/admin/SettingsCards";
import { QueryState } from "../../components/QueryState";
import { errorMessage, trpc } from "../../lib/trpc";
import { saveAdminSession } from "../../lib/auth";

export const Route = createFileRoute("/_admin/settings")({
  component: Settings,
});

function Settings() {
  return (
    <section className="admin-page" aria-labelledby="page-title">
      <title>Settings | Clean Store Admin</title>
      <div className="admin-head">
        <h1 id="page-title">Settings</h1>
      </div>
      <div className="settings-grid">
        <PasswordCard />
        <DeliveryCard />
        <PaymentSettingsCard />
        <GstSettingsCard />
        <SearchSettingsCard />
      </div>
    </section>
  );
}

const passwordForm = adminPasswordChangeSchema
  .extend({ confirmPassword: z.string().min(1, "Please repeat the new password") })
  .refine((v) => v.newPassword === v.confirmPassword, { message: "The passwords do not match", path: ["confirmPassword"] });

function PasswordCard() {
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<z.input<typeof passwordForm>, unknown, z.output<typeof passwordForm>>({
    resolver: zodResolver(passwordForm),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const change = trpc.auth.adminChangePassword.useMutation({
    onSuccess: (res) => {
      // the change ended every earlier session, this one too: go on with the new token
      saveAdminSession(res.token);
      toast.success(res.message);
      setProblem(null);
      reset();
    },
    onError: (e) => {
      setProblem(errorMessage(e));
      toast.error(errorMessage(e));
    },
  });
  return (
    <section className="card" aria-labelledby="password-title">
      <h2 id="password-title">Change password</h2>
      <form noValidate onSubmit={handleSubmit(({ currentPassword, newPassword }) => change.mutate({ currentPassword, newPassword }))}>
        <FormField
          id="currentPassword"
          label="Current password"
          type="password"
          registration={register("currentPassword")}
          error={errors.currentPassword}
          autoComplete="current-password"
        />
        <FormField
          id="newPassword"
          label="New password"
          type="password"
          registration={register("newPassword")}
          error={errors.newPassword}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          autoComplete="new-password"
        />
        <FormField
          id="confirmPassword"
          label="Repeat new password"
          type="password"
          registration={register("confirmPassword")}
          error={errors.confirmPassword}
          autoComplete="new-password"
        />
        {problem && (
          <p className="form-error" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="btn" disabled={change.isPending}>
          {change.isPending ? "Saving..." : "Change password"}
        </button>
      </form>
    </section>
  );
}

function DeliveryCard() {
  const query = trpc.settings.get.useQuery();
  return (
    <section className="card" aria-labelledby="delivery-title">
      <h2 id="delivery-title">Default delivery charge</h2>
      <p className="hint">Prefilled on 'Add a product'. Existing products keep their own charge.</p>
      <QueryState query={query}>{(s) => <DeliveryForm key={String(s.defaultDeliveryCharge)} current={s.defaultDeliveryCharge} />}</QueryState>
    </section>
  );
}

function DeliveryForm({ current }: { current: number | "Free" }) {
  const utils = trpc.useUtils();
  const [mode, setMode] = useState<"Free" | "Charge">(current === "Free" ? "Free" : "Charge");
  const [amount, setAmount] = useState(current === "Free" ? "" : String(current));
  const [problem, setProblem] = useState<string | null>(null);
  const save = trpc.settings.update.useMutation({
    onSuccess: async (res) => {
      toast.success(res.message);
      await utils.settings.invalidate();
    },
    onError: (e) => {
      setProblem(errorMessage(e));
      toast.error(errorMessage(e));
    },
  });
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = deliveryChargeSchema.safeParse(mode === "Free" ? "Free" : amount);
        if (!parsed.success) {
          setProblem(
            mode === "Charge" && amount.trim() === "" ? "Enter the delivery charge in rupees" : (parsed.error.issues[0]?.message ?? "Not a valid charge"),
          );
          return;
        }
        setProblem(null);
        save.mutate({ defaultDeliveryCharge: parsed.data });
      }}
    >
      <fieldset className="field">
        <legend>Delivery</legend>
        <label>
          <input type="radio" name="deliveryMode" checked={mode === "Free"} onChange={() => setMode("Free")} /> Free
        </label>
        <label>
          <input type="radio" name="deliveryMode" checked={mode === "Charge"} onChange={() => setMode("Charge")} /> Delivery charge
        </label>
      </fieldset>
      {mode === "Charge" && (
        <div className="field">
          <label htmlFor="defaultCharge">Delivery charge (₹)</label>
          <input
            id="defaultCharge"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? "defaultCharge-error" : undefined}
          />
        </div>
      )}
      {problem && (
        <p id="defaultCharge-error" className="form-error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="btn" disabled={save.isPending}>
        {save.isPending ? "Saving..." : "Save delivery charge"}
      </button>
    </form>
  );
}
