import type { ReactNode } from "react";
import { Header } from "./Header";
import { Footer } from "./Footer";
import { pageTitle } from "./format";

/** Every storefront screen: skip link, header with search and nav, the main landmark, footer. */
export function StoreLayout({ title, children, narrow = false }: { title: string; children: ReactNode; narrow?: boolean }) {
  return (
    <div className="store">
      <title>{pageTitle(title)}</title>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className={`store-main${narrow ? " store-narrow" : ""}`}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
