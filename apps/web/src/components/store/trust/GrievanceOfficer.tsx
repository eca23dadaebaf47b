import { GRIEVANCE_TIMELINE_WORDS } from "@store/domain";
import { trpc } from "../../../lib/trpc";

/** The rule's timelines in words, and who answers: the grievance officer from Settings (Consumer Protection (E-Commerce) Rules, 2020, rule 4). */
export function GrievanceOfficer() {
  const facts = trpc.settings.storeFacts.useQuery(undefined, { staleTime: 10 * 60_000 });
  const officer = facts.data?.grievanceOfficer;
  return (
    <aside className="card complaint-rules" aria-labelledby="complaint-rules-heading">
      <h2 id="complaint-rules-heading">How we handle complaints</h2>
      <ul>
        {GRIEVANCE_TIMELINE_WORDS.map((words) => (
          <li key={words}>{words}</li>
        ))}
      </ul>
      {officer && (
        <p data-testid="grievance-officer">
          Grievance officer: <strong>{officer.name || "—"}</strong>
          {officer.designation && <>, {officer.designation}</>}
          {officer.email && (
            <>
              <br />
              <a href={`mailto:${officer.email}`}>{officer.email}</a>
            </>
          )}
          {officer.phone && (
            <>
              <br />
              <a href={`tel:${officer.phone.replace(/\s/g, "")}`}>{officer.phone}</a>
            </>
          )}
        </p>
      )}
    </aside>
  );
}
