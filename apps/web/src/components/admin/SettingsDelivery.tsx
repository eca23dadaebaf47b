import { useState } from "react";
import { deliveryChargeSchema } from "@store/validators";
import { errorMessage, trpc } from "../../lib/trpc";
import { useIsStaff } from "./OwnerOnly";
import { SaveRow, SettingsFrame } from "./SettingsSection";

/** Settings → the default delivery charge a new product starts with (its own form and Save). */
export function SettingsDelivery({ current }: { current: number | "Free" }) {
  const utils = trpc.useUtils();
  const staff = useIsStaff();
  const [saved, setSaved] = useState({ mode: current === "Free" ? "Free" : "Charge", amount: current === "Free" ? "" : String(current) });
  const [mode, setMode] = useState(saved.mode);
  const [amount, setAmount] = useState(saved.amount);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const save = trpc.settings.update.useMutation({
    onSuccess: async (res) => {
      const kept = res.defaultDeliveryCharge;
      const now = { mode: kept === "Free" ? "Free" : "Charge", amount: kept === "Free" ? "" : String(kept) };
      setSaved(now);
      setMode(now.mode);
      setAmount(now.amount);
      setDone(res.message);
      await utils.settings.invalidate();
    },
    onError: (e) => setProblem(errorMessage(e)),
  });
  const edit = () => setDone(null);
  return (
    <SettingsFrame title="Default delivery charge" intro="Prefilled on 'Add a product'. Existing products keep their own charge.">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setDone(null);
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
            <input
              type="radio"
              name="deliveryMode"
              checked={mode === "Free"}
              disabled={staff}
              onChange={() => {
                edit();
                setMode("Free");
              }}
            />{" "}
            Free
          </label>
          <label>
            <input
              type="radio"
              name="deliveryMode"
              checked={mode === "Charge"}
              disabled={staff}
              onChange={() => {
                edit();
                setMode("Charge");
              }}
            />{" "}
            Delivery charge
          </label>
        </fieldset>
        {mode === "Charge" && (
          <div className="field">
            <label htmlFor="defaultCharge">Delivery charge (₹)</label>
            <input
              id="defaultCharge"
              inputMode="decimal"
              value={amount}
              disabled={staff}
              onChange={(e) => {
                edit();
                setAmount(e.target.value);
              }}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? "defaultCharge-error" : undefined}
            />
          </div>
        )}
        <SaveRow
          label="Save delivery charge"
          busy={save.isPending}
          saved={done}
          problem={problem}
          problemId="defaultCharge-error"
          dirty={mode !== saved.mode || (mode === "Charge" && amount !== saved.amount)}
        />
      </form>
    </SettingsFrame>
  );
}
