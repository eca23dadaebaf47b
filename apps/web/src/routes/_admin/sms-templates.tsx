import { createFileRoute } from "@tanstack/react-router";
import { SmsTemplateForm } from "../../components/admin/messaging/SmsTemplateForm";
import { SmsTemplatesTable } from "../../components/admin/messaging/SmsTemplatesTable";
import { WhatsAppTemplateForm } from "../../components/admin/messaging/WhatsAppTemplateForm";
import { WhatsAppTemplatesTable } from "../../components/admin/messaging/WhatsAppTemplatesTable";
import { OwnerOnlyScreen, useIsStaff } from "../../components/admin/OwnerOnly";
import { QueryState } from "../../components/QueryState";
import { trpc } from "../../lib/trpc";

export const Route = createFileRoute("/_admin/sms-templates")({
  component: SmsTemplates,
});

/** Messages → SMS templates (issue 29): the DLT-registered texts the store sends its SMS with; beside them the WhatsApp templates (issue 30). */
function SmsTemplates() {
  return useIsStaff() ? <OwnerOnlyScreen title="SMS templates" note="The owner registers the store's SMS templates." /> : <TemplateList />;
}

function TemplateList() {
  const query = trpc.messagingTemplates.list.useQuery({ channel: "sms" });
  return (
    <section className="admin-page" aria-labelledby="page-title">
      <title>SMS templates | Clean Store Admin</title>
      <div className="admin-head">
        <h1 id="page-title">SMS templates</h1>
      </div>
      <p className="hint">
        In India an SMS reaches a phone only with a text registered on the DLT platform. A message without a template here is not sent (the e-mail still goes).
      </p>
      <QueryState query={query}>
        {({ items }) => (items.length === 0 ? <p className="empty">No SMS template registered yet.</p> : <SmsTemplatesTable templates={items} />)}
      </QueryState>
      <SmsTemplateForm />
      <WhatsAppTemplates />
    </section>
  );
}

/** The Meta-approved templates the store's WhatsApp messages are sent with (Settings: WhatsApp messages). */
function WhatsAppTemplates() {
  const query = trpc.messagingTemplates.list.useQuery({ channel: "whatsapp" });
  return (
    <section aria-labelledby="wa-title">
      <h2 id="wa-title">WhatsApp templates</h2>
      <p className="hint">
        WhatsApp delivers an order update only as a template Meta approved, and only to customers who ticked “Send order updates on WhatsApp”. A message without
        a template here is not sent on WhatsApp. A Hindi template goes to customers who chose Hindi.
      </p>
      <QueryState query={query}>
        {({ items }) => (items.length === 0 ? <p className="empty">No WhatsApp template registered yet.</p> : <WhatsAppTemplatesTable templates={items} />)}
      </QueryState>
      <WhatsAppTemplateForm />
    </section>
  );
}
