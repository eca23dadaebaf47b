// The registered SMS templates (issue 29): one a kind, each with its DLT ids; deleting stops that SMS.
import { useState } from "react";
import { formatDateTime } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { errorMessage, trpc, type RouterOutputs } from "../../../lib/trpc";
import { ConfirmDialog } from "../ConfirmDialog";
import { kindLabel } from "./SmsTemplateForm";

type Template = RouterOutputs["messagingTemplates"]["list"]["items"][number];

export function SmsTemplatesTable({ templates }: { templates: readonly Template[] }) {
  const utils = trpc.useUtils();
  const [doomed, setDoomed] = useState<Template | null>(null);
  const remove = trpc.messagingTemplates.remove.useMutation({
    onSuccess: async () => {
      toast.success(`The ${kindLabel(doomed?.kind ?? "").toLowerCase()} template is deleted.`);
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
          <caption className="visually-hidden">SMS templates</caption>
          <thead>
            <tr>
              <th scope="col">Message</th>
              <th scope="col">DLT template ID</th>
              <th scope="col">Sender ID</th>
              <th scope="col">Text</th>
              <th scope="col">Registered</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {templates.map((t) => (
              <tr key={t.templateId}>
                <td>{kindLabel(t.kind)}</td>
                <td className="nowrap">{t.dltTemplateId}</td>
                <td>{t.senderId}</td>
                <td className="break">{t.text}</td>
                <td className="nowrap">{formatDateTime(t.createdAt)}</td>
                <td className="actions">
                  <button type="button" className="btn small danger" onClick={() => setDoomed(t)} aria-label={`Delete the ${kindLabel(t.kind)} template`}>
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
        title="Delete this template?"
        message={`Without a template, the store stops sending the “${kindLabel(doomed?.kind ?? "")}” SMS until another is registered.`}
        busy={remove.isPending}
        onConfirm={() => doomed && remove.mutate({ templateId: doomed.templateId })}
        onCancel={() => setDoomed(null)}
      />
    </>
  );
}
