const TONE: Record<string, string> = {
  Open: "warn",
  Acknowledged: "warn",
  "In progress": "warn",
  Resolved: "ok",
  Rejected: "danger",
  Closed: "",
  Pending: "warn",
  Published: "ok",
};

/** A complaint's or a review's status, coloured like the other back-office badges. */
export function TrustBadge({ status }: { status: string }) {
  return <span className={`badge ${TONE[status] ?? ""}`}>{status}</span>;
}
