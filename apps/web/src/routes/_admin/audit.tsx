import { createFileRoute, stripSearchParams, useNavigate } from "@tanstack/react-router";
import { keepPreviousData } from "@tanstack/react-query";
import { AUDIT_ENTITIES, type AuditEntity } from "@store/validators/constants";
import { ListFrame } from "../../components/admin/ListFrame";
import { OwnerOnlyScreen, useIsStaff } from "../../components/admin/OwnerOnly";
import { listSearchSchema, useListSearch, type ListSearch } from "../../components/admin/listSearch";
import { formatDateTime } from "../../lib/format";
import { trpc } from "../../lib/trpc";

type AuditSearch = ListSearch & { entity?: AuditEntity; from?: string; to?: string };
const day = (v: unknown) => (typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

export const Route = createFileRoute("/_admin/audit")({
  validateSearch: (search: Record<string, unknown>): AuditSearch => ({
    ...listSearchSchema(search),
    ...(AUDIT_ENTITIES.includes(search.entity as AuditEntity) ? { entity: search.entity as AuditEntity } : {}),
    ...(day(search.from) ? { from: day(search.from) } : {}),
    ...(day(search.to) ? { to: day(search.to) } : {}),
  }),
  search: { middlewares: [stripSearchParams<AuditSearch>({ page: 1, search: "" })] },
  component: Audit,
});

const shown = (v: unknown): string => (v === null || v === undefined || v === "" ? "—" : typeof v === "string" ? v : JSON.stringify(v));

/** The audit trail (issue 17, the owner only): who changed what in the back office, with the fields before and after. */
function Audit() {
  return useIsStaff() ? <OwnerOnlyScreen title="Audit Trail" note="The owner reads who changed what in the back office." /> : <AuditTrail />;
}

function AuditTrail() {
  const { page, search } = useListSearch();
  const { entity, from, to } = Route.useSearch();
  const navigate = useNavigate();
  const query = trpc.audit.page.useQuery(
    { page, search, ...(entity ? { entity } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}) },
    { placeholderData: keepPreviousData },
  );
  const setFilter = (next: Partial<AuditSearch>) => void navigate({ to: ".", search: (prev) => ({ ...prev, page: 1, ...next }) });
  const filters = (
    <div className="head-actions">
      <div className="field inline-field">
        <label htmlFor="audit-entity">What</label>
        <select id="audit-entity" value={entity ?? ""} onChange={(e) => setFilter({ entity: (e.target.value || undefined) as AuditEntity | undefined })}>
          <option value="">Everything</option>
          {AUDIT_ENTITIES.map((en) => (
            <option key={en} value={en}>
              {en}
            </option>
          ))}
        </select>
      </div>
      <div className="field inline-field">
        <label htmlFor="audit-from">From</label>
        <input id="audit-from" type="date" value={from ?? ""} onChange={(e) => setFilter({ from: e.target.value || undefined })} />
      </div>
      <div className="field inline-field">
        <label htmlFor="audit-to">To</label>
        <input id="audit-to" type="date" value={to ?? ""} onChange={(e) => setFilter({ to: e.target.value || undefined })} />
      </div>
    </div>
  );
  return (
    <ListFrame
      title="Audit Trail"
      intro={
        <>
          <p className="hint">Every change made in the back office, newest first: who, when, what, and each changed field before → after.</p>
          {filters}
        </>
      }
      searchLabel="Search the audit trail by who or what"
      query={query}
      empty="No change found."
    >
      {(items) => (
        <table className="data">
          <caption className="visually-hidden">Audit trail</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Changes</th>
            </tr>
          </thead>
          <tbody>
            {items.map((e) => (
              <tr key={e.auditId} data-action={e.action}>
                <td>{formatDateTime(e.at)}</td>
                <td>
                  {e.actorName} <span className="meta">({e.actorRole})</span>
                </td>
                <td>
                  {e.summary}
                  <span className="meta"> · {e.action}</span>
                </td>
                <td>
                  {Object.keys(e.changes).length === 0 ? (
                    <span className="meta">—</span>
                  ) : (
                    <ul className="audit-changes">
                      {Object.entries(e.changes).map(([field, [before, after]]) => (
                        <li key={field}>
                          {field}: <del>{shown(before)}</del> → <ins>{shown(after)}</ins>
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ListFrame>
  );
}
