import { createFileRoute, Link } from "@tanstack/react-router";
import { TICKET_NUMBER_PATTERN } from "@store/domain";
import { Loading, QueryState } from "../components/QueryState";
import { NoIndex } from "../components/store/Seo";
import { useCustomerSession } from "../components/store/session";
import { StoreLayout } from "../components/store/StoreLayout";
import { ComplaintReply } from "../components/store/trust/ComplaintReply";
import { ComplaintTimeline } from "../components/store/trust/ComplaintTimeline";
import { requireSignedIn } from "../components/store/trust/signedIn";
import { useHydrated } from "../lib/hydration";
import { text } from "../lib/searchParams";
import { trpc } from "../lib/trpc";
import "../styles/trust.css";

/** One complaint: a customer's own, or a guest's with ?email= (the complainant's e-mail, from the acknowledgement). */
export const Route = createFileRoute("/my-complaints/$ticketNumber")({
  params: {
    parse: (params: { ticketNumber: string }) => (TICKET_NUMBER_PATTERN.test(params.ticketNumber) ? params : false),
  },
  validateSearch: (search: Record<string, unknown>): { email?: string } => ({ email: text(search.email, 254) }),
  beforeLoad: ({ location, search }) => {
    if (!search.email) requireSignedIn({ location });
  },
  component: TicketPage,
});

function TicketPage() {
  const { ticketNumber } = Route.useParams();
  const hydrated = useHydrated();
  return (
    <StoreLayout title={`Complaint ${ticketNumber}`}>
      <NoIndex />
      <h1>Complaint {ticketNumber}</h1>
      {hydrated ? <TicketView ticketNumber={ticketNumber} /> : <Loading />}
    </StoreLayout>
  );
}

function TicketView({ ticketNumber }: { ticketNumber: string }) {
  const { email } = Route.useSearch();
  const session = useCustomerSession();
  const ticket = trpc.grievances.byTicket.useQuery({ ticketNumber, ...(email ? { email } : {}) }, { retry: false });
  return (
    <>
      {session && (
        <p className="crumbs">
          <Link to="/my-complaints">← My complaints</Link>
        </p>
      )}
      <QueryState query={ticket}>
        {(t) => (
          <div className="complaint-ticket">
            <ComplaintTimeline ticket={t} />
            {t.canReply ? (
              <ComplaintReply ticket={t} email={email} />
            ) : (
              <p className="notice">
                This ticket is {t.status.toLowerCase()}: it takes no more messages. <Link to="/complaint">Raise a new complaint</Link>
              </p>
            )}
          </div>
        )}
      </QueryState>
    </>
  );
}
