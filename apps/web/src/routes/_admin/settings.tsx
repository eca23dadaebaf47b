import { createFileRoute } from "@tanstack/react-router";
import { QueryState } from "../../components/QueryState";
import { OWNER_ONLY, useIsStaff } from "../../components/admin/OwnerOnly";
import { SETTINGS_SECTIONS, SettingsCard } from "../../components/admin/SettingsCards";
import { SettingsDelivery } from "../../components/admin/SettingsDelivery";
import { SettingsPassword } from "../../components/admin/SettingsPassword";
import { sectionSlug } from "../../components/admin/SettingsSection";
import { trpc } from "../../lib/trpc";

export const Route = createFileRoute("/_admin/settings")({
  component: Settings,
});

const { STORE, INVOICES, PAYMENTS, CHECKOUT, DISPATCH, ORDER_LIMITS, STOCK, SEARCH } = SETTINGS_SECTIONS;
const DELIVERY = "Default delivery charge";
const PASSWORD = "Change password";
const CONTENTS = [
  STORE.title,
  INVOICES.title,
  PAYMENTS.title,
  CHECKOUT.title,
  DELIVERY,
  DISPATCH.title,
  ORDER_LIMITS.title,
  STOCK.title,
  SEARCH.title,
  PASSWORD,
];

/**
 * Settings in sections (issue 24), each with its own form and one Save that sends only its fields:
 * saving one leaves another's unsaved edits where they are. Staff read the store's settings and
 * change only their own password.
 */
function Settings() {
  const query = trpc.settings.get.useQuery();
  const staff = useIsStaff();
  return (
    <section className="admin-page" aria-labelledby="page-title">
      <title>Settings | Clean Store Admin</title>
      <div className="admin-head">
        <h1 id="page-title">Settings</h1>
      </div>
      {staff && <p className="hint owner-only">{`${OWNER_ONLY} You can read the store's settings and change your own password.`}</p>}
      <nav className="settings-contents" aria-label="Settings sections">
        <ul>
          {CONTENTS.map((title) => (
            <li key={title}>
              <a href={`#section-${sectionSlug(title)}`}>{title}</a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="settings-grid">
        <QueryState query={query}>
          {(s) => (
            <>
              <SettingsCard spec={STORE} settings={s} />
              <SettingsCard spec={INVOICES} settings={s} />
              <SettingsCard spec={PAYMENTS} settings={s} />
              <SettingsCard spec={CHECKOUT} settings={s} />
              <SettingsDelivery current={s.defaultDeliveryCharge} />
              <SettingsCard spec={DISPATCH} settings={s} />
              <SettingsCard spec={ORDER_LIMITS} settings={s} />
              <SettingsCard spec={STOCK} settings={s} />
              <SettingsCard spec={SEARCH} settings={s} />
            </>
          )}
        </QueryState>
        {/* anyone signed in changes their own password, even while the store's settings do not load */}
        <SettingsPassword />
      </div>
    </section>
  );
}
