const tone: Record<string, string> = {
  Completed: "ok",
  Active: "ok",
  Inactive: "danger",
  Paid: "ok",
  Approved: "ok",
  Refunded: "ok",
  Cancelled: "danger",
  Rejected: "danger",
  Pending: "warn",
  Requested: "warn",
  Confirmed: "ok",
  "Confirmation undone": "warn",
};

export function StatusBadge({ value }: { value: string }) {
  return <span className={`badge ${tone[value] ?? ""}`}>{value}</span>;
}
