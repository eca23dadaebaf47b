// Registering a WhatsApp template (issue 30, contracts/whatsapp.md "Templates"): the name Meta approved,
// its language and category, and the values filling its {{1}}, {{2}}… in order, from what the kind's
// event supplies. The category is preset from the kind; the server judges the whole (its 400 names the problem).
import { useState, type FormEvent } from "react";
import {
  WHATSAPP_CATEGORIES,
  WHATSAPP_CATEGORY_OF,
  WHATSAPP_KIND_PARAMS,
  WHATSAPP_KINDS,
  WHATSAPP_LANGUAGES,
  type WhatsAppCategory,
  type WhatsAppKind,
  type WhatsAppLanguage,
  type WhatsAppParam,
} from "@store/domain";
import { toast } from "../../../lib/toast";
import { errorMessage, fieldErrorsOf, trpc } from "../../../lib/trpc";
import "./whatsapp.css";

const KIND_LABELS: Record<WhatsAppKind, string> = {
  order_placed: "Order placed",
  payment_confirmed: "Payment confirmed",
  shipped: "Order shipped",
  out_for_delivery: "Out for delivery",
  delivered: "Delivered",
  ndr: "Delivery attempt failed",
  refund_issued: "Refund issued",
  subscription_upcoming: "Subscription order coming",
  otp: "One-time code",
  cod_confirm: "Cash on delivery confirmation code",
  cart_reminder: "Cart reminder",
  grievance_update: "Complaint received or updated",
};
export const whatsappKindLabel = (kind: string) => KIND_LABELS[kind as WhatsAppKind] ?? kind;

export const LANGUAGE_LABELS: Record<WhatsAppLanguage, string> = { en: "English", hi: "Hindi" };

const startWith = (kind: WhatsAppKind) => ({
  kind,
  name: "",
  text: "",
  language: "en" as WhatsAppLanguage,
  category: WHATSAPP_CATEGORY_OF[kind],
  params: [...WHATSAPP_KIND_PARAMS[kind]] as WhatsAppParam[],
});

export function WhatsAppTemplateForm() {
  const utils = trpc.useUtils();
  const [values, setValues] = useState(() => startWith("order_placed"));
  const [adding, setAdding] = useState<WhatsAppParam | "">("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const create = trpc.messagingTemplates.create.useMutation({
    onSuccess: async () => {
      toast.success(`The WhatsApp ${whatsappKindLabel(values.kind).toLowerCase()} template is registered.`);
      setValues(startWith(values.kind));
      await utils.messagingTemplates.invalidate();
    },
    onError: (e) => {
      setErrors(fieldErrorsOf(e));
      setProblem(errorMessage(e));
    },
  });
  const unused = WHATSAPP_KIND_PARAMS[values.kind].filter((p) => !values.params.includes(p));
  const move = (i: number, by: -1 | 1) =>
    setValues((v) => {
      const params = [...v.params];
      const [p] = params.splice(i, 1);
      if (p) params.splice(i + by, 0, p);
      return { ...v, params };
    });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setProblem(null);
    create.mutate({
      channel: "whatsapp",
      kind: values.kind,
      name: values.name.trim(),
      language: values.language,
      category: values.category,
      params: values.params,
      ...(values.text.trim() ? { text: values.text } : {}),
    });
  };
  const fieldError = (name: string) =>
    errors[name] ? (
      <small id={`wa-${name}-error`} className="field-error" role="alert">
        {errors[name]}
      </small>
    ) : null;
  return (
    <section className="card" aria-labelledby="wa-new-title">
      <h3 id="wa-new-title">Register a WhatsApp template</h3>
      <p className="hint">Use the template&apos;s name, language and category exactly as Meta approved them, and its variables in the same order.</p>
      <form noValidate onSubmit={submit} className="form-grid">
        <div className="field">
          <label htmlFor="wa-kind">WhatsApp message</label>
          <select
            id="wa-kind"
            value={values.kind}
            onChange={(e) => {
              setAdding("");
              setValues((v) => ({ ...startWith(e.target.value as WhatsAppKind), name: v.name, text: v.text, language: v.language }));
            }}
          >
            {WHATSAPP_KINDS.map((k) => (
              <option key={k} value={k}>
                {whatsappKindLabel(k)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="wa-name">Template name</label>
          <input
            id="wa-name"
            maxLength={120}
            autoComplete="off"
            value={values.name}
            onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? "wa-name-error" : "wa-name-hint"}
          />
          {!errors.name && (
            <small id="wa-name-hint" className="hint">
              As approved in Meta: lower-case letters, digits and _ (at most 120).
            </small>
          )}
          {fieldError("name")}
        </div>
        <div className="field">
          <label htmlFor="wa-language">Language</label>
          <select id="wa-language" value={values.language} onChange={(e) => setValues((v) => ({ ...v, language: e.target.value as WhatsAppLanguage }))}>
            {WHATSAPP_LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {LANGUAGE_LABELS[l]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="wa-category">Category</label>
          <select
            id="wa-category"
            value={values.category}
            onChange={(e) => setValues((v) => ({ ...v, category: e.target.value as WhatsAppCategory }))}
            aria-invalid={errors.category ? true : undefined}
            aria-describedby={errors.category ? "wa-category-error" : "wa-category-hint"}
          >
            {WHATSAPP_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          {!errors.category && (
            <small id="wa-category-hint" className="hint">
              Meta approves this message as {WHATSAPP_CATEGORY_OF[values.kind]}.
            </small>
          )}
          {fieldError("category")}
        </div>
        <fieldset className="field wide wa-params" aria-describedby={errors.params ? "wa-params-error" : undefined}>
          <legend>Variables, in the template&apos;s order</legend>
          {values.params.length === 0 ? (
            <p className="hint">No variables: the template&apos;s text is fixed.</p>
          ) : (
            <ol className="wa-param-list" data-testid="wa-params">
              {values.params.map((p, i) => (
                <li key={p}>
                  <code>{`{{${i + 1}}}`}</code> <span className="wa-param-name">{p}</span>
                  <button type="button" className="btn small secondary" disabled={i === 0} onClick={() => move(i, -1)} aria-label={`Move ${p} up`}>
                    Up
                  </button>
                  <button
                    type="button"
                    className="btn small secondary"
                    onClick={() => setValues((v) => ({ ...v, params: v.params.filter((x) => x !== p) }))}
                    aria-label={`Remove ${p}`}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ol>
          )}
          {unused.length > 0 && (
            <div className="inline-field">
              <label htmlFor="wa-add-param">Add a variable</label>
              <select id="wa-add-param" value={adding} onChange={(e) => setAdding(e.target.value as WhatsAppParam | "")}>
                <option value="">Choose…</option>
                {unused.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="btn small secondary"
                disabled={adding === ""}
                onClick={() => {
                  if (adding === "") return;
                  setValues((v) => ({ ...v, params: [...v.params, adding] }));
                  setAdding("");
                }}
              >
                Add
              </button>
            </div>
          )}
          {fieldError("params")}
        </fieldset>
        <div className="field wide">
          <label htmlFor="wa-text">Approved body (optional)</label>
          <textarea
            id="wa-text"
            rows={3}
            maxLength={2000}
            value={values.text}
            onChange={(e) => setValues((v) => ({ ...v, text: e.target.value }))}
            aria-invalid={errors.text ? true : undefined}
            aria-describedby={errors.text ? "wa-text-error" : "wa-text-hint"}
          />
          {!errors.text && (
            <small id="wa-text-hint" className="hint">
              For your reference: Meta keeps the text, the store sends only the name and the variables.
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
            {create.isPending ? "Registering..." : "Register WhatsApp template"}
          </button>
        </div>
      </form>
    </section>
  );
}
