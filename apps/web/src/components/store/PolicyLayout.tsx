import type { ReactNode } from "react";
import { Link, useLocation } from "@tanstack/react-router";
import { StoreLayout } from "./StoreLayout";
import { PageMeta } from "./Seo";
import { pageTitle, SITE } from "./format";

const MENU = [
  { to: "/privacyPolicy", label: "Privacy Policy" },
  { to: "/termUse", label: "Terms of Use" },
  { to: "/termsCondition", label: "Terms & Conditions" },
  { to: "/refundPolicy", label: "Refund Policy" },
  { to: "/about-us", label: "About Us" },
  { to: "/contact-us", label: "Contact Us" },
  { to: "/blog", label: "Blog" },
] as const;

/** Policy and information pages: a side menu and the text. */
export function PolicyLayout({ title, updated, children }: { title: string; updated?: string; children: ReactNode }) {
  // the page's own address is its canonical one (the old .html names redirect here)
  const path = useLocation({ select: (l) => l.pathname.replace(/(.)\/+$/, "$1") });
  return (
    <StoreLayout title={title}>
      <PageMeta path={path} title={pageTitle(title)} description={`${title}: ${SITE}, cleaning products delivered to your door across India.`} />
      <div className="policy">
        <nav className="policy-menu" aria-label="Policies and information">
          <ul>
            {MENU.map((m) => (
              <li key={m.to}>
                <Link to={m.to} activeProps={{ className: "active", "aria-current": "page" }}>
                  {m.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <article className="policy-text card">
          <h1>{title}</h1>
          {updated && <p className="hint">Last updated: {updated}</p>}
          {children}
        </article>
      </div>
    </StoreLayout>
  );
}
