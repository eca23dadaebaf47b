// The owner's WhatsApp inbox (issue 30, GET /messaging/inbox): what buyers wrote back, newest first. A
// message opens the 24-hour window in which the store may answer freely; "STOP" turned their updates off.
import { keepPreviousData } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { formatDateTime } from "../../../lib/format";
import { trpc } from "../../../lib/trpc";
import { ListFrame } from "../ListFrame";
import { useListSearch } from "../listSearch";
import { channelWord } from "./outboxWords";

export function InboxList({ title, intro }: { title: string; intro: ReactNode }) {
  const { page, search } = useListSearch();
  const query = trpc.messagingInbox.list.useQuery({ page, search }, { placeholderData: keepPreviousData });
  return (
    <ListFrame title={title} intro={intro} searchLabel="Search the inbox by phone or text" query={query} empty="No message from a buyer yet.">
      {(items) => (
        <table className="data">
          <caption className="visually-hidden">Inbox</caption>
          <thead>
            <tr>
              <th scope="col">From</th>
              <th scope="col">Channel</th>
              <th scope="col">Message</th>
              <th scope="col">Received</th>
            </tr>
          </thead>
          <tbody>
            {items.map((m) => (
              <tr key={m.inboundId}>
                <td className="nowrap">
                  {m.fromPhone}
                  {m.customerName && <span className="sub"> · {m.customerName}</span>}
                </td>
                <td>{channelWord(m.channel)}</td>
                <td className="break">
                  {m.text}
                  {m.kind === "stop" && <span className="sub"> · WhatsApp updates turned off</span>}
                </td>
                <td className="nowrap">
                  {formatDateTime(m.receivedAt)}
                  {new Date(m.windowOpenUntil).getTime() > Date.now() && (
                    <span className="sub"> · reply window open until {formatDateTime(m.windowOpenUntil)}</span>
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
