import { useState } from "react";
import { createFileRoute, Link } from "@tanstack/react-router";
import { ComplaintFiled } from "../components/store/trust/ComplaintFiled";
import { ComplaintForm, type Filed } from "../components/store/trust/ComplaintForm";
import { GrievanceOfficer } from "../components/store/trust/GrievanceOfficer";
import { useCustomerSession } from "../components/store/session";
import { StoreLayout } from "../components/store/StoreLayout";
import { text } from "../lib/searchParams";
import "../styles/trust.css";

/** "Raise a complaint" (issue 31): from the footer's grievance officer block and every order page (?order=<reference>). */
export const Route = createFileRoute("/complaint")({
  validateSearch: (search: Record<string, unknown>): { order?: string } => ({ order: text(search.order, 40) }),
  // the officer's name and the rule's words are in the server's page
  loader: ({ context }) => context.trpc.settings.storeFacts.ensureData().catch(() => undefined),
  component: ComplaintPage,
});

function ComplaintPage() {
  const { order } = Route.useSearch();
  const session = useCustomerSession();
  const [filed, setFiled] = useState<Filed | null>(null);
  return (
    <StoreLayout title="Raise a complaint">
      <h1>Raise a complaint</h1>
      <div className="complaint-page">
        <div>
          {filed ? (
            <ComplaintFiled filed={filed} />
          ) : (
            <>
              <p>Tell us what went wrong. You get a ticket number at once, and the grievance officer answers within the times below.</p>
              <ComplaintForm order={order} onFiled={setFiled} />
            </>
          )}
          {session && (
            <p>
              <Link to="/my-complaints">My complaints</Link>
            </p>
          )}
        </div>
        <GrievanceOfficer />
      </div>
    </StoreLayout>
  );
}
