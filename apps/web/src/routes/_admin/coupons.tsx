import { keepPreviousData } from "@tanstack/react-query";
import { createFileRoute, Link, stripSearchParams } from "@tanstack/react-router";
import { CouponDetail } from "../../components/admin/CouponDetail";
import { CouponForm } from "../../components/admin/CouponForm";
import { CouponsTable } from "../../components/admin/CouponsTable";
import { ListFrame } from "../../components/admin/ListFrame";
import { listSearchSchema, useListSearch } from "../../components/admin/listSearch";
import { oneOf, wholeNumber } from "../../lib/searchParams";
import { trpc } from "../../lib/trpc";

const STATUSES = ["active", "scheduled", "expired", "disabled"] as const;
type Status = (typeof STATUSES)[number];
const TABS: { label: string; status: Status | undefined }[] = [
  { label: "All", status: undefined },
  { label: "Active", status: "active" },
  { label: "Scheduled", status: "scheduled" },
  { label: "Expired", status: "expired" },
  { label: "Disabled", status: "disabled" },
];

interface CouponSearch {
  page?: number;
  search?: string;
  status?: Status;
  /** one coupon's screen: its terms and the orders that used it */
  couponId?: number;
}

export const Route = createFileRoute("/_admin/coupons")({
  validateSearch: (search: Record<string, unknown>): CouponSearch => ({
    ...listSearchSchema(search),
    status: oneOf(STATUSES, search.status),
    couponId: wholeNumber(search.couponId, 1, 2_147_483_647),
  }),
  search: { middlewares: [stripSearchParams<CouponSearch>({ page: 1, search: "" })] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (deps.couponId) void context.trpc.coupons.get.prefetch({ couponId: deps.couponId });
    else void context.trpc.coupons.list.prefetch({ page: deps.page ?? 1, search: deps.search ?? "", status: deps.status });
  },
  component: Coupons,
});

/** The owner's coupons (issue 26): by status, with their uses; create and disable; one coupon's orders. */
function Coupons() {
  const { couponId } = Route.useSearch();
  return couponId ? <CouponDetail couponId={couponId} /> : <CouponList />;
}

function CouponList() {
  const { page, search } = useListSearch();
  const { status } = Route.useSearch();
  const query = trpc.coupons.list.useQuery({ page, search, status }, { placeholderData: keepPreviousData });
  return (
    <>
      <ListFrame
        title="Coupons"
        intro={
          <nav className="desk-tabs" aria-label="Coupon status">
            <ul>
              {TABS.map((t) => (
                <li key={t.label}>
                  <Link
                    to="/coupons"
                    search={(prev) => ({ ...prev, status: t.status, page: 1 })}
                    activeProps={{}}
                    activeOptions={{ exact: true }}
                    className={status === t.status ? "active" : undefined}
                    aria-current={status === t.status ? "page" : undefined}
                  >
                    {t.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        }
        searchLabel="Search coupons by code or description"
        query={query}
        empty="No coupons found."
        ownWrapper
      >
        {(items) => <CouponsTable coupons={items} />}
      </ListFrame>
      <div className="admin-page">
        <CouponForm />
      </div>
    </>
  );
}
