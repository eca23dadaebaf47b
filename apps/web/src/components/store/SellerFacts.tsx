import { QueryState } from "../QueryState";
import { trpc } from "../../lib/trpc";

/** The seller's legal name, address, GSTIN, grievance officer and customer care (Consumer Protection (E-Commerce) Rules, 2020). */
export function SellerFacts() {
  const query = trpc.settings.storeFacts.useQuery(undefined, { staleTime: 10 * 60_000 });
  return (
    <section aria-labelledby="seller-heading">
      <h2 id="seller-heading">Seller and grievance officer</h2>
      <QueryState query={query}>
        {(f) => (
          <dl className="details-grid">
            <dt>Seller</dt>
            <dd>{f.sellerLegalName}</dd>
            <dt>Registered address</dt>
            <dd>
              <address>{f.sellerAddress}</address>
            </dd>
            <dt>GSTIN</dt>
            <dd>
              {f.sellerGstin} ({f.sellerState})
            </dd>
            <dt>Grievance officer</dt>
            <dd>
              {f.grievanceOfficer.name || "—"}
              {f.grievanceOfficer.designation && <>, {f.grievanceOfficer.designation}</>}
              {f.grievanceOfficer.email && (
                <>
                  <br />
                  <a href={`mailto:${f.grievanceOfficer.email}`}>{f.grievanceOfficer.email}</a>
                </>
              )}
              {f.grievanceOfficer.phone && (
                <>
                  <br />
                  <a href={`tel:${f.grievanceOfficer.phone.replace(/\s/g, "")}`}>{f.grievanceOfficer.phone}</a>
                </>
              )}
            </dd>
            <dt>Customer care</dt>
            <dd>
              {f.customerCare.email && <a href={`mailto:${f.customerCare.email}`}>{f.customerCare.email}</a>}
              {f.customerCare.email && f.customerCare.phone && " · "}
              {f.customerCare.phone && <a href={`tel:${f.customerCare.phone.replace(/\s/g, "")}`}>{f.customerCare.phone}</a>}
              {!f.customerCare.email && !f.customerCare.phone && "—"}
            </dd>
          </dl>
        )}
      </QueryState>
      <p className="hint">Complaints are acknowledged within 48 hours and resolved within one month.</p>
    </section>
  );
}
