import { createFileRoute, Link } from "@tanstack/react-router";
import { PolicyLayout } from "../components/store/PolicyLayout";

export const Route = createFileRoute("/termUse")({ component: TermsOfUse });

function TermsOfUse() {
  return (
    <PolicyLayout title="Terms of Use" updated="1 April 2025">
      <p>These terms apply to everyone who visits or uses the Clean Store website. By using the site you accept them.</p>
      <h2>Your account</h2>
      <ul>
        <li>Give true and current details when you register, and keep them up to date in My Profile.</li>
        <li>Keep your password secret. You are responsible for what is done with your account.</li>
        <li>One account per person. We may deactivate accounts that are misused.</li>
      </ul>
      <h2>Using the site</h2>
      <ul>
        <li>Do not try to break, overload or get around the security of the site.</li>
        <li>Do not copy the site's content, product photos or text for commercial use without our written permission.</li>
        <li>Do not place orders you do not intend to accept.</li>
      </ul>
      <h2>Product information</h2>
      <p>
        We describe our products as accurately as we can. Always read the label before use and keep cleaning products away from children. Pack sizes are given
        in millilitres (ml).
      </p>
      <h2>Changes</h2>
      <p>We may update these terms. The date above shows the latest version; the version in force when you order applies to that order.</p>
      <p>
        Buying from us is covered by our <Link to="/termsCondition">Terms &amp; Conditions</Link> and the <Link to="/refundPolicy">Refund Policy</Link>.
      </p>
    </PolicyLayout>
  );
}
