// Registering an SMS template (issue 29): the exact text the DLT platform approved, with its ids.
import { useState, type FormEvent } from "react";
import { KIND_VARIABLES, MESSAGE_TEMPLATE_KINDS, placeholderCount, type MessageTemplateKind } from "@store/domain";
import { toast } from "../../../lib/toast";
import { errorMessage, fieldErrorsOf, trpc } from "../../../lib/trpc";

const KIND_LABELS: Record<MessageTemplateKind, string> = {
  otp: "One-time code (login, guest checkout)",
  cod_confirm: "Cash on delivery confirmation code",
  shipped: "Order shipped",
  out_for_delivery: "Out for delivery",
  delivered: "Delivered",
  ndr: "Delivery attempt failed",
  grievance_update: "Complaint received or updated",
};

export const kindLabel = (kind: string) => KIND_LABELS[kind as MessageTemplateKind] ?? kind;

const EMPTY = { kind: "otp" as MessageTemplateKind, dltTemplateId: "", senderId: "", text: "" };

/**
 * The form of a new template. The placeholder count is shown as one types, but the server decides
 * (its refusal names both counts): the text must be exactly what DLT approved.
 */
export function SmsTemplateForm() {
  const utils = trpc.useUtils();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const create = trpc.messagingTemplates.create.useMutation({
    onSuccess: async () => {
      toast.success(`The ${kindLabel(values.kind).toLowerCase()} template is registered.`);
      setValues(EMPTY);
      await utils.messagingTemplates.invalidate();
    },
    onError: (e) => {
      const fields = fieldErrorsOf(e);
      setErrors(fields);
      setProblem(errorMessage(e));
    },
  });
  const set = (name: keyof typeof EMPTY) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setProblem(null);
    create.mutate({ channel: "sms", kind: values.kind, dltTemplateId: values.dltTemplateId.trim(), senderId: values.senderId.trim(), text: values.text });
  };
  const variables = KIND_VARIABLES[values.kind];
  const count = placeholderCount(values.text);
  const described = (name: string, hint: boolean) => (errors[name] ? `sms-${name}-error` : hint ? `sms-${name}-hint` : undefined);
  const fieldError = (name: string) =>
    errors[name] ? (
      <small id={`sms-${name}-error`} className="field-error" role="alert">
        {errors[name]}
      </small>
    ) : null;
  return (
    <section className="card" aria-labelledby="sms-new-title">
      <h2 id="sms-new-title">Register a template</h2>
      <p className="hint">
        Copy the text exactly as the DLT platform approved it, with <code>{"{#var#}"}</code> where the store fills in a value.
      </p>
      <form noValidate onSubmit={submit} className="form-grid">
        <div className="field">
          <label htmlFor="sms-kind">Message</label>
          <select id="sms-kind" value={values.kind} onChange={set("kind")} aria-describedby="sms-kind-hint">
            {MESSAGE_TEMPLATE_KINDS.map((k) => (
              <option key={k} value={k}>
                {kindLabel(k)}
              </option>
            ))}
          </select>
          <small id="sms-kind-hint" className="hint" data-testid="sms-kind-variables">
            Fills {variables.length} {variables.length === 1 ? "placeholder" : "placeholders"}, in this order: {variables.join(", ")}.
          </small>
        </div>
        <div className="field">
          <label htmlFor="sms-dltTemplateId">DLT template ID</label>
          <input
            id="sms-dltTemplateId"
            inputMode="numeric"
            maxLength={19}
            value={values.dltTemplateId}
            onChange={set("dltTemplateId")}
            aria-invalid={errors.dltTemplateId ? true : undefined}
            aria-describedby={described("dltTemplateId", true)}
          />
          {!errors.dltTemplateId && (
            <small id="sms-dltTemplateId-hint" className="hint">
              19 digits.
            </small>
          )}
          {fieldError("dltTemplateId")}
        </div>
        <div className="field">
          <label htmlFor="sms-senderId">Sender ID</label>
          <input
            id="sms-senderId"
            maxLength={6}
            value={values.senderId}
            onChange={set("senderId")}
            aria-invalid={errors.senderId ? true : undefined}
            aria-describedby={described("senderId", true)}
          />
          {!errors.senderId && (
            <small id="sms-senderId-hint" className="hint">
              The 6-letter header registered on DLT.
            </small>
          )}
          {fieldError("senderId")}
        </div>
        <div className="field wide">
          <label htmlFor="sms-text">Text</label>
          <textarea
            id="sms-text"
            rows={3}
            maxLength={2000}
            value={values.text}
            onChange={set("text")}
            aria-invalid={errors.text ? true : undefined}
            aria-describedby={described("text", true)}
          />
          {!errors.text && (
            <small id="sms-text-hint" className="hint">
              {count} {count === 1 ? "placeholder" : "placeholders"} in the text.
            </small>
          )}
          {fieldError("text")}
        </div>
        {problem && Object.keys(errors).length === 0 && (
          <p className="form-error" role="alert">
            {problem}
          </p>
        )}
        <div className="toolbar">
          <button type="submit" className="btn" disabled={create.isPending}>
            {create.isPending ? "Registering..." : "Register template"}
          </button>
        </div>
      </form>
    </section>
  );
}
