import { useState, type FormEvent } from "react";
import { GRIEVANCE_CATEGORIES, GRIEVANCE_CATEGORY_WORDS } from "@store/domain";
import { grievanceCreateInput } from "@store/validators";
import { keepTyped, useHydrated } from "../../../lib/hydration";
import { errorCode, errorMessage, fieldErrorsOf, trpc, type RouterOutputs } from "../../../lib/trpc";
import { useCustomerSession } from "../session";
import { fieldIssues } from "./fieldIssues";
import { TextArea } from "./TextArea";

export type Filed = RouterOutputs["grievances"]["create"] & { email?: string };

const EMPTY = { category: "", subject: "", description: "", productOrderId: "", name: "", email: "", phone: "" };
type Fields = typeof EMPTY;
type Name = keyof Fields;

const GUEST_REQUIRED: Partial<Record<Name, string>> = {
  name: "Name is required",
  email: "Email is required, so we can answer you",
  phone: "Mobile number is required",
};

/** Why the server refused, in words: too many tickets (429), an order that is not the caller's (404), else its message. */
function refusal(error: unknown): string {
  const code = errorCode(error);
  if (code === "TOO_MANY_REQUESTS") return `${errorMessage(error)} You can also write to the grievance officer below.`;
  if (code === "NOT_FOUND") return "We could not find that order among yours. Check the order reference, or leave it empty.";
  return errorMessage(error);
}

/** The "Raise a complaint" form; a guest also gives a name, an e-mail and a mobile number. */
export function ComplaintForm({ order, onFiled }: { order?: string; onFiled: (filed: Filed) => void }) {
  const session = useCustomerSession();
  const guest = !session;
  const hydrated = useHydrated();
  const [fields, setFields] = useState<Fields>({ ...EMPTY, productOrderId: order ?? "" });
  const [errors, setErrors] = useState<Partial<Record<Name | "form", string>>>({});
  const create = trpc.grievances.create.useMutation({
    onSuccess: (filed) => onFiled({ ...filed, email: guest ? fields.email.trim() : undefined }),
    onError: (e) => {
      const byField = fieldErrorsOf(e);
      setErrors({ ...byField, form: Object.keys(byField).length ? "Please check the fields above." : refusal(e) });
    },
  });
  const set = (name: Name) => (value: string) => setFields((f) => ({ ...f, [name]: value }));
  const onInput = (name: Name) => (e: { target: { value: string } }) => set(name)(e.target.value);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = {
      category: fields.category,
      subject: fields.subject,
      description: fields.description,
      productOrderId: fields.productOrderId.trim() || undefined,
      ...(guest ? { name: fields.name.trim() || undefined, email: fields.email.trim() || undefined, phone: fields.phone.trim() || undefined } : {}),
    };
    const parsed = grievanceCreateInput.safeParse(input);
    const problems: typeof errors = parsed.success ? {} : fieldIssues(parsed.error.issues);
    if (!fields.category) problems.category = "Choose what the complaint is about";
    if (guest) for (const [name, message] of Object.entries(GUEST_REQUIRED)) if (!fields[name as Name].trim()) problems[name as Name] ??= message;
    setErrors(problems);
    if (Object.keys(problems).length || !parsed.success) return;
    create.mutate(parsed.data);
  };

  const error = (name: Name) =>
    errors[name] && (
      <small id={`complaint-${name}-error`} className="field-error" role="alert">
        {errors[name]}
      </small>
    );
  const aria = (name: Name) => ({
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `complaint-${name}-error` : undefined,
  });
  const input = (name: Name, label: string, props: Record<string, unknown> = {}) => (
    <div className="field">
      <label htmlFor={`complaint-${name}`}>{label}</label>
      <input id={`complaint-${name}`} value={fields[name]} onChange={onInput(name)} ref={keepTyped(set(name))} {...aria(name)} {...props} />
      {error(name)}
    </div>
  );

  return (
    <form className="complaint-form card" onSubmit={submit} noValidate aria-label="Raise a complaint">
      <div className="field">
        <label htmlFor="complaint-category">What is it about?</label>
        <select id="complaint-category" value={fields.category} onChange={onInput("category")} ref={keepTyped(set("category"))} {...aria("category")}>
          <option value="">Choose a topic</option>
          {GRIEVANCE_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {GRIEVANCE_CATEGORY_WORDS[c]}
            </option>
          ))}
        </select>
        {error("category")}
      </div>
      {input("subject", "Subject", { maxLength: 120, autoComplete: "off" })}
      <TextArea
        id="complaint-description"
        label="What happened?"
        value={fields.description}
        onChange={set("description")}
        max={2000}
        rows={6}
        error={errors.description}
        hint="At least 10 characters. Plain text only."
      />
      {input("productOrderId", "Order reference (optional)", { maxLength: 40, autoComplete: "off", placeholder: "ORD-20261126-000123" })}
      {guest && (
        <fieldset className="complaint-contact">
          <legend>How we reach you</legend>
          {input("name", "Your name", { autoComplete: "name", maxLength: 121 })}
          {input("email", "Email", { type: "email", autoComplete: "email" })}
          {input("phone", "Mobile number", { type: "tel", inputMode: "numeric", maxLength: 10, autoComplete: "tel-national" })}
        </fieldset>
      )}
      {errors.form && (
        <p className="form-error" role="alert" data-testid="complaint-error">
          {errors.form}
        </p>
      )}
      <button type="submit" className="btn" disabled={!hydrated || create.isPending}>
        {create.isPending ? "Sending..." : "Send complaint"}
      </button>
    </form>
  );
}
