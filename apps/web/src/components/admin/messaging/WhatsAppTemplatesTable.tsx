// The registered WhatsApp templates (issue 30): one a kind and language; deleting one stops that message
// in that language (a Hindi reader then gets the English one, if there is one).
import { useState } from "react";
import { formatDateTime } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { errorMessage, trpc, type RouterOutputs } from "../../../lib/trpc";
import { ConfirmDialog } from "../ConfirmDialog";
import { LANGUAGE_LABELS, whatsappKindLabel } from "./WhatsAppTemplateForm";

type Template = RouterOutputs["messagingTemplates"]["list"]["items"][number];

const languageLabel = (l: string) => LANGUAGE_LABELS[l as keyof typeof LANGUAGE_LABELS] ?? l;
const described = (t: Template) => `${whatsappKindLabel(t.kind)} (${languageLabel(t.language)})`;

export function WhatsAppTemplatesTable({ templates }: { templates: readonly Template[] }) {
  const utils = trpc.useUtils();
  const [doomed, setDoomed] = useState<Template | null>(null);
  const remove = trpc.messagingTemplates.remove.useMutation({
    onSuccess: async () => {
      toast.success(`The WhatsApp ${doomed ? described(doomed).toLowerCase() : ""} template is deleted.`);
      setDoomed(null);
      await utils.messagingTemplates.invalidate();
    },
    onError: (e) => {
      setDoomed(null);
      toast.error(errorMessage(e));
    },
  });
  return (
    <>
      <div className="table-wrap">
        <table className="data">
          <caption className="visually-hidden">WhatsApp templates</caption>
          <thead>
            <tr>
              <th scope="col">Message</th>
              <th scope="col">Template name</th>
              <th scope="col">Language</th>
              <th scope="col">Category</th>
              <th scope="col">Variables</th>
              <th scope="col">Registered</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {templates.map((t) => (
              <tr key={t.templateId}>
                <td>{whatsappKindLabel(t.kind)}</td>
                <td className="break">
                  {t.name}
                  {t.text && <span className="sub"> · {t.text}</span>}
                </td>
                <td>{languageLabel(t.language)}</td>
                <td>{t.category}</td>
                <td>{t.params.length === 0 ? "—" : t.params.map((p, i) => `{{${i + 1}}} ${p}`).join(", ")}</td>
                <td className="nowrap">{formatDateTime(t.createdAt)}</td>
                <td className="actions">
                  <button type="button" className="btn small danger" onClick={() => setDoomed(t)} aria-label={`Delete the WhatsApp ${described(t)} template`}>
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={doomed !== null}
        title="Delete this WhatsApp template?"
        message={`Without it, the store stops sending the “${doomed ? described(doomed) : ""}” WhatsApp message until another is registered.`}
        busy={remove.isPending}
        onConfirm={() => doomed && remove.mutate({ templateId: doomed.templateId })}
        onCancel={() => setDoomed(null)}
      />
    </>
  );
}
