import { useQueryClient } from "@tanstack/react-query";
import { Link, Outlet, useNavigate, useRouterState } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { toast } from "../../lib/toast";
import { clearAdminSession } from "../../lib/auth";
import { errorCode, trpc } from "../../lib/trpc";
import { MenuIcon } from "./Icons";
import { MenuCount } from "./trust/MenuCount";
import "../../admin.css";

/** ownerOnly: the owner's screens (issue 17), not shown to staff (whose calls would be refused anyway) */
const MENU = [
  { to: "/Admindashboard", label: "Dashboard" },
  // the spec's placeholder "Orders" (issue 24: the order desk, one row per order)
  { to: "/orders", label: "Orders" },
  // shipments (issue 28): the lines to pack, then the boxes with their couriers
  { to: "/packing", label: "Packing" },
  { to: "/shipments", label: "Shipments" },
  { to: "/customer-management", label: "Customer Management" },
  { to: "/product-management", label: "Product Management" },
  { to: "/total-order", label: "Total Orders" },
  { to: "/totalAddToCart", label: "Total AddToCart" },
  { to: "/totalShippingOrder", label: "Total Shipping Orders" },
  { to: "/TotalOrderDelivery", label: "Total Order Delivery" },
  { to: "/payments", label: "Payments" },
  { to: "/coupons", label: "Coupons" },
  // issue 31: complaints on the law's clock (overdue counted), reviews to moderate (waiting counted)
  { to: "/grievances", label: "Complaints" },
  { to: "/reviews", label: "Reviews" },
  { to: "/delivery-zones", label: "Delivery Zones", ownerOnly: true },
  // shipping (issue 27): beside the zones, the PIN codes the store delivers to
  { to: "/pin-codes", label: "PIN Codes", ownerOnly: true },
  { to: "/emails", label: "Emails", ownerOnly: true },
  // issue 29: Messages → SMS templates, beside the outbox they are sent through
  { to: "/sms-templates", label: "SMS Templates", ownerOnly: true },
  { to: "/gst-summary", label: "GST Summary" },
  { to: "/staff", label: "Staff", ownerOnly: true },
  { to: "/audit", label: "Audit Trail", ownerOnly: true },
  // staff read the settings and change their own password there (issue 24)
  { to: "/settings", label: "Settings" },
] as const;

const isNarrow = () => typeof window !== "undefined" && window.matchMedia("(max-width: 900px)").matches;

/** The back office frame: top bar, collapsible side menu (Dashboard … Settings, Logout) and the screen. */
export function AdminLayout() {
  const [open, setOpen] = useState(() => !isNarrow());
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const me = trpc.auth.adminMe.useQuery(undefined, { staleTime: 5 * 60_000 });

  // on a phone the menu closes after choosing a screen (React: adjusting state when a prop changes)
  const [shownPath, setShownPath] = useState(pathname);
  if (pathname !== shownPath) {
    setShownPath(pathname);
    if (isNarrow()) setOpen(false);
  }

  // a token that expired or was revoked while working: back to the login
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type === "updated" && event.action.type === "error" && errorCode(event.action.error) === "UNAUTHORIZED") {
          clearAdminSession();
          queryClient.clear();
          toast.error("Your session has ended. Please log in again.");
          void navigate({ to: "/AdminLogin", search: { redirect: window.location.pathname + window.location.search } });
        }
      }),
    [queryClient, navigate],
  );

  const logout = () => {
    clearAdminSession();
    queryClient.clear();
    toast.success("Logged out.");
    void navigate({ to: "/AdminLogin", search: {} });
  };

  return (
    <div className={`admin-shell ${open ? "menu-open" : "menu-closed"}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="admin-topbar">
        <button type="button" className="menu-toggle" aria-expanded={open} aria-controls="admin-menu" onClick={() => setOpen((o) => !o)}>
          <MenuIcon />
          <span>{open ? "Hide menu" : "Menu"}</span>
        </button>
        <Link to="/Admindashboard" className="admin-brand">
          Clean Store Admin
        </Link>
        <span className="admin-user">{me.data ? `${me.data.name}${me.data.role === "staff" ? " (staff)" : ""}` : ""}</span>
      </header>
      <div className="admin-body">
        <nav id="admin-menu" className="admin-menu" aria-label="Admin menu" hidden={!open}>
          <ul>
            {MENU.filter((m) => !("ownerOnly" in m) || me.data?.role !== "staff").map((m) => (
              <li key={m.to}>
                <Link to={m.to} activeProps={{ className: "active" }}>
                  {m.label}
                  <MenuCount to={m.to} />
                </Link>
              </li>
            ))}
            <li>
              <button type="button" className="logout" onClick={logout}>
                Logout
              </button>
            </li>
          </ul>
        </nav>
        <main id="main" className="admin-main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
