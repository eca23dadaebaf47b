// The order desk's "COD to confirm" tab (issue 29): cash-on-delivery orders still waiting for the
// buyer's OTP, which an admin may confirm by hand after a phone call.
import { Link } from "@tanstack/react-router";

export function CodToConfirmTab({ active }: { active: boolean }) {
  return (
    <Link
      to="/orders"
      search={(prev) => ({ ...prev, status: "all", payment: "all", codConfirmation: "Pending", page: 1 })}
      activeProps={{}}
      activeOptions={{ exact: true }}
      className={active ? "active" : undefined}
      aria-current={active ? "page" : undefined}
    >
      COD to confirm
    </Link>
  );
}
