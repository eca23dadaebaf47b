import { trpc } from "../../lib/trpc";
import { PhoneVerified } from "./messaging/PhoneVerified";

/** Who a per-customer list is about (the customer may have been deleted: then only the id). */
export function CustomerIntro({ customerId }: { customerId: number | null }) {
  const q = trpc.customers.details.useQuery({ customerId: customerId ?? 0 }, { enabled: customerId !== null, retry: false });
  if (customerId === null) return null;
  return (
    <p className="customer-intro">
      Customer ID <strong>{customerId}</strong>
      {q.data && (
        <>
          {" "}
          · {q.data.firstName} {q.data.lastName} · {q.data.number}
          <PhoneVerified verified={q.data.phoneVerified} at={q.data.phoneVerifiedAt} /> · {q.data.email}
        </>
      )}
    </p>
  );
}
