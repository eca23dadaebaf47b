import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useNavigate, useRouterState } from "@tanstack/react-router";
import { useQueryClient } from "@tanstack/react-query";
import { clearCustomerSession } from "../../lib/auth";
import { keepTyped, useHydrated } from "../../lib/hydration";
import { trpc } from "../../lib/trpc";
import { useCurrentCustomer } from "./session";
import { BasketIcon, SearchIcon } from "./Icons";
import { GuestBasket } from "./guest/GuestBasket";

/** Removes what belonged to the customer who logs out (their details, cart and orders). */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    clearCustomerSession();
    for (const key of ["customers", "cart", "orders"]) queryClient.removeQueries({ queryKey: [[key]] });
    void navigate({ to: "/customerLogin" });
  };
}

function SearchBox() {
  const navigate = useNavigate();
  const current = useRouterState({ select: (s) => (s.location.pathname === "/search" ? ((s.location.search as { q?: string }).q ?? "") : "") });
  const [q, setQ] = useState(current);
  // a new search in the URL replaces what is typed (React: adjusting state when a prop changes)
  const [shown, setShown] = useState(current);
  if (current !== shown) {
    setShown(current);
    setQ(current);
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void navigate({ to: "/search", search: { q: q.trim() || undefined } });
  };
  return (
    <form role="search" className="store-search" action="/search" onSubmit={submit}>
      <label htmlFor="store-search" className="visually-hidden">
        Search for an Item...
      </label>
      <input
        id="store-search"
        name="q"
        type="search"
        placeholder="Search for an Item..."
        value={q}
        onChange={(e) => setQ(e.target.value)}
        ref={keepTyped(setQ)}
        maxLength={100}
        autoComplete="off"
      />
      <button type="submit" className="btn">
        <SearchIcon />
        <span className="visually-hidden">Search</span>
      </button>
    </form>
  );
}

function UserMenu({ customerId, firstName }: { customerId: number; firstName: string }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const logout = useLogout();
  const path = useRouterState({ select: (s) => s.location.pathname });
  // the menu closes on every new page
  const [openedOn, setOpenedOn] = useState(path);
  if (path !== openedOn) {
    setOpenedOn(path);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === "Escape" : !ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", close);
    };
  }, [open]);
  const params = { customerId: String(customerId) };
  return (
    <div className="user-menu" ref={ref}>
      <button type="button" className="user-menu-button" aria-expanded={open} aria-controls="user-menu-list" onClick={() => setOpen((o) => !o)}>
        <span className="avatar" aria-hidden="true">
          {firstName.slice(0, 1).toUpperCase()}
        </span>
        <span className="user-menu-name">
          <span className="visually-hidden">Account menu of </span>Hi, {firstName}
        </span>
      </button>
      <ul id="user-menu-list" className="user-menu-list" hidden={!open}>
        <li>
          <Link to="/userProfile/$customerId" params={params}>
            Profile
          </Link>
        </li>
        <li>
          <Link to="/myOrder/$customerId" params={params}>
            My Orders
          </Link>
        </li>
        <li>
          <Link to="/myCart/$customerId" params={params}>
            My Cart
          </Link>
        </li>
        <li>
          <button type="button" onClick={logout}>
            Logout
          </button>
        </li>
      </ul>
    </div>
  );
}

function Basket({ customerId }: { customerId: number }) {
  const cart = trpc.cart.byCustomer.useQuery({ customerId });
  const count = cart.data?.reduce((n, line) => n + line.quantity, 0) ?? 0;
  return (
    <Link
      to="/myCart/$customerId"
      params={{ customerId: String(customerId) }}
      className="basket"
      aria-label={`Basket, ${count} ${count === 1 ? "item" : "items"}`}
    >
      <BasketIcon />
      <span aria-hidden="true" className="basket-label">
        Basket
      </span>
      <span className="basket-count" aria-hidden="true" data-testid="basket-count">
        {count}
      </span>
    </Link>
  );
}

/**
 * The account corner of a page whose address holds the customer's id, until the customer's record
 * is known (issue 23): the server renders these pages without the token (it is in localStorage),
 * and the browser's first render matches that markup, so the name and the cart count fill in only
 * once the app runs. A place kept for them, not a Login link the signed-in customer would see.
 */
function AccountPending({ customerId }: { customerId: string }) {
  return (
    <>
      <span className="account-pending" aria-hidden="true" />
      <Link to="/myCart/$customerId" params={{ customerId }} className="basket" aria-label="Basket">
        <BasketIcon />
        <span aria-hidden="true" className="basket-label">
          Basket
        </span>
        <span className="basket-count account-pending-count" aria-hidden="true" />
      </Link>
    </>
  );
}

export function Header() {
  const { customer, loading } = useCurrentCustomer();
  const href = useRouterState({ select: (s) => s.location.href });
  // the customer's id in the address (/product/{customerId}, /myCart/{customerId}, …), if any
  const addressCustomerId = useRouterState({ select: (s) => s.matches.map((m) => (m.params as { customerId?: string }).customerId).find(Boolean) });
  const hydrated = useHydrated();
  const pending = !customer && addressCustomerId !== undefined && (!hydrated || loading);
  // the customer's home, also while their record is on its way (the address's id is theirs: the guard sees to it)
  const customerId = customer ? String(customer.customerId) : pending ? addressCustomerId : undefined;
  const home = customerId ? { to: "/product/$customerId" as const, params: { customerId } } : { to: "/" as const };
  return (
    <header className="store-header">
      <div className="store-header-inner">
        <Link {...home} className="brand">
          <span className="brand-mark" aria-hidden="true">
            ✦
          </span>
          Clean Store
        </Link>
        <SearchBox />
        <div className="header-actions">
          {customer ? (
            <>
              <UserMenu customerId={customer.customerId} firstName={customer.firstName} />
              <Basket customerId={customer.customerId} />
            </>
          ) : pending ? (
            <AccountPending customerId={addressCustomerId} />
          ) : (
            <>
              <Link
                to="/customerLogin"
                search={href.startsWith("/customerLogin") || href.startsWith("/customerRegister") ? {} : { redirect: href }}
                className="btn secondary small"
              >
                Login
              </Link>
              <GuestBasket />
            </>
          )}
        </div>
      </div>
      <StoreNav customerId={customerId} />
    </header>
  );
}

function StoreNav({ customerId }: { customerId?: string }) {
  const home = customerId ? { to: "/product/$customerId" as const, params: { customerId } } : { to: "/" as const };
  return (
    <nav className="store-nav" aria-label="Shop">
      <ul>
        <li>
          <Link {...home} search={{ sort: "newest" }} hash="products">
            New Arrivals
          </Link>
        </li>
        <li>
          <Link {...home} search={{}} hash="products">
            Products
          </Link>
        </li>
        <li>
          <Link to="/categories">Categories</Link>
        </li>
        <li>
          <Link to="/trending">Trending</Link>
        </li>
      </ul>
    </nav>
  );
}
