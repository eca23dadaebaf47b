import { createFileRoute, Link } from "@tanstack/react-router";
import { PolicyLayout } from "../components/store/PolicyLayout";
import { SellerFacts } from "../components/store/SellerFacts";

export const Route = createFileRoute("/contact-us")({
  // waited for, so the server-rendered page carries the seller's facts (and is the same every time)
  loader: ({ context }) => context.trpc.settings.storeFacts.ensureData().catch(() => undefined),
  component: ContactUs,
});

function ContactUs() {
  return (
    <PolicyLayout title="Contact Us">
      <p>We are here to help with orders, deliveries, returns and product questions, 24 hours a day, 7 days a week.</p>
      <dl className="details-grid">
        <dt>Phone</dt>
        <dd>
          <a href="tel:+918045678900">+91 80 4567 8900</a>
        </dd>
        <dt>Email</dt>
        <dd>
          <a href="mailto:care@cleanstore.in">care@cleanstore.in</a>
        </dd>
        <dt>Address</dt>
        <dd>
          <address>
            Clean Store, 2nd Floor, 14 Residency Road
            <br />
            Bengaluru, Karnataka 560025
          </address>
        </dd>
      </dl>
      <h2>Before you write</h2>
      <ul>
        <li>
          Track an order any time under <strong>My Orders</strong> when you are logged in.
        </li>
        <li>
          To return a product, open the order and use <strong>Request a return</strong> (within 7 days of delivery). See the{" "}
          <Link to="/refundPolicy">Refund Policy</Link>.
        </li>
        <li>Have your order reference (for example ORD-20250401-000123) ready so we can help you faster.</li>
      </ul>
      <SellerFacts />
    </PolicyLayout>
  );
}
