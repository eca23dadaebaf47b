import { createFileRoute, Link } from "@tanstack/react-router";
import { PolicyLayout } from "../components/store/PolicyLayout";
import { SellerFacts } from "../components/store/SellerFacts";

export const Route = createFileRoute("/about-us")({
  // waited for, so the server-rendered page carries the seller's facts (and is the same every time)
  loader: ({ context }) => context.trpc.settings.storeFacts.ensureData().catch(() => undefined),
  component: AboutUs,
});

function AboutUs() {
  return (
    <PolicyLayout title="About Us">
      <p>
        Clean Store started in Bengaluru with one idea: good cleaning products at fair prices, delivered to your door. Today we deliver floor cleaners, dishwash
        gels, laundry liquids, bathroom care and disinfectants across India.
      </p>
      <h2>What we stand for</h2>
      <ul>
        <li>
          <strong>Quality products</strong> — every formula is tested for how well it cleans and how safe it is on Indian surfaces, from marble to kadhais.
        </li>
        <li>
          <strong>Honest prices</strong> — the offer you see is the price you pay, GST included, with free delivery on most products.
        </li>
        <li>
          <strong>Easy returns</strong> — a damaged, incomplete, expired or wrong product can be returned within 7 days of delivery.
        </li>
        <li>
          <strong>Support around the clock</strong> — call or write to us any time.
        </li>
      </ul>
      <p>
        <Link to="/search">Browse our products</Link> or <Link to="/contact-us">get in touch</Link>.
      </p>
      <SellerFacts />
    </PolicyLayout>
  );
}
