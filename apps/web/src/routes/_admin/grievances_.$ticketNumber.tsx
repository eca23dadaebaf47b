import { createFileRoute } from "@tanstack/react-router";
import { TICKET_NUMBER_PATTERN } from "@store/domain";
import { GrievanceView } from "../../components/admin/trust/GrievanceView";
import "../../components/admin/trust/trust.css";

/**
 * One complaint, where a row of Complaints (/grievances) leads (issue 31). Not nested in the list (the
 * `_`): its own screen. A path that is no ticket number matches no page.
 */
export const Route = createFileRoute("/_admin/grievances_/$ticketNumber")({
  params: {
    parse: (params: { ticketNumber: string }) => (TICKET_NUMBER_PATTERN.test(params.ticketNumber) ? params : false),
  },
  loader: ({ context, params }) => {
    void context.trpc.grievances.byTicket.prefetch({ ticketNumber: params.ticketNumber });
  },
  component: Screen,
});

function Screen() {
  const { ticketNumber } = Route.useParams();
  return <GrievanceView ticketNumber={ticketNumber} />;
}
