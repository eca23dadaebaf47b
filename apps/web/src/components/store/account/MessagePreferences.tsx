// The profile's "Messages" (issue 30, contracts/whatsapp.md "Consent"): which messages the customer
// agreed to and in which language, each with the time it last changed. Save sends only what changed,
// so an untouched box keeps the time it was given.
import { useState, type FormEvent } from "react";
import { WHATSAPP_LANGUAGES as MESSAGE_LANGUAGES } from "@store/domain";
import type { MessageLanguage, PreferencesUpdateInput } from "@store/validators";
import { formatDateTime } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { errorMessage, trpc, type RouterOutputs } from "../../../lib/trpc";
import { QueryState } from "../../QueryState";
import "./account.css";

type Preferences = RouterOutputs["preferences"]["get"];
type Flag = "whatsappOptIn" | "smsMarketingOptIn" | "emailMarketingOptIn";

const FLAGS: { name: Flag; at: "whatsappOptInAt" | "smsMarketingOptInAt" | "emailMarketingOptInAt"; label: string }[] = [
  { name: "whatsappOptIn", at: "whatsappOptInAt", label: "WhatsApp order updates" },
  { name: "smsMarketingOptIn", at: "smsMarketingOptInAt", label: "Offers by SMS" },
  { name: "emailMarketingOptIn", at: "emailMarketingOptInAt", label: "Offers by e-mail" },
];

/** each language in its own script, as its readers look for it */
const LANGUAGE_NAMES: Record<MessageLanguage, string> = { en: "English", hi: "हिन्दी" };

/** where the WhatsApp consent last changed (whatsappOptInSource) */
const SOURCE_WORDS: Record<string, string> = {
  checkout: "at checkout",
  profile: "in your profile",
  register: "when you registered",
  reply: "by your STOP reply",
};

const changedAt = (at: Date | string | null, source?: string | null) =>
  at ? `Last changed ${formatDateTime(at)}${source && SOURCE_WORDS[source] ? ` ${SOURCE_WORDS[source]}` : ""}` : "Never changed";

export function MessagePreferences() {
  const query = trpc.preferences.get.useQuery();
  return (
    <section className="message-preferences" id="message-preferences" aria-labelledby="message-preferences-heading">
      <div className="section-head">
        <h2 id="message-preferences-heading">Messages</h2>
      </div>
      <QueryState query={query}>{(p) => <PreferencesForm preferences={p} />}</QueryState>
    </section>
  );
}

function PreferencesForm({ preferences: p }: { preferences: Preferences }) {
  const utils = trpc.useUtils();
  const saved = { whatsappOptIn: p.whatsappOptIn, smsMarketingOptIn: p.smsMarketingOptIn, emailMarketingOptIn: p.emailMarketingOptIn, language: p.language };
  const [values, setValues] = useState(saved);
  const [shown, setShown] = useState(p);
  if (shown !== p) {
    // a new answer from the server (after Save): the form shows it
    setShown(p);
    setValues(saved);
  }
  const update = trpc.preferences.update.useMutation({
    onSuccess: (saved) => {
      toast.success("Your message preferences are saved.");
      utils.preferences.get.setData(undefined, saved);
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const changes: PreferencesUpdateInput = {};
  for (const f of FLAGS) if (values[f.name] !== saved[f.name]) changes[f.name] = values[f.name];
  if (values.language !== saved.language) changes.language = values.language as MessageLanguage;
  const dirty = Object.keys(changes).length > 0;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (dirty) update.mutate(changes);
  };
  return (
    <form className="card" onSubmit={submit} noValidate aria-label="Message preferences">
      <p className="hint">Order updates by e-mail always come. Tick what else you would like. WhatsApp messages go to {p.phone}.</p>
      {FLAGS.map((f) => (
        <div className="check-field" key={f.name}>
          <input
            id={`pref-${f.name}`}
            type="checkbox"
            checked={values[f.name]}
            onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.checked }))}
            aria-describedby={`pref-${f.name}-at`}
          />
          <div>
            <label htmlFor={`pref-${f.name}`}>{f.label}</label>
            <br />
            <small id={`pref-${f.name}-at`} className="hint" data-testid={`pref-${f.name}-at`}>
              {changedAt(p[f.at], f.name === "whatsappOptIn" ? p.whatsappOptInSource : null)}
            </small>
          </div>
        </div>
      ))}
      <div className="field">
        <label htmlFor="pref-language">Language of messages</label>
        <select
          id="pref-language"
          value={values.language}
          onChange={(e) => setValues((v) => ({ ...v, language: e.target.value }))}
          aria-describedby="pref-language-at"
        >
          {MESSAGE_LANGUAGES.map((l) => (
            <option key={l} value={l} lang={l}>
              {LANGUAGE_NAMES[l]}
            </option>
          ))}
        </select>
        <small id="pref-language-at" className="hint" data-testid="pref-language-at">
          {changedAt(p.languageChangedAt)}
        </small>
      </div>
      <div className="toolbar">
        <button type="submit" className="btn" disabled={!dirty || update.isPending}>
          {update.isPending ? "Saving..." : "Save message preferences"}
        </button>
      </div>
    </form>
  );
}
