import { createFileRoute, Link } from "@tanstack/react-router";
import { PolicyLayout } from "../components/store/PolicyLayout";

export const Route = createFileRoute("/privacyPolicy")({ component: PrivacyPolicy });

function PrivacyPolicy() {
  return (
    <PolicyLayout title="Privacy Policy" updated="1 April 2025">
      <p>
        This policy explains what personal data Clean Store collects when you use this website, why we collect it and how we protect it. We process personal
        data in line with the Digital Personal Data Protection Act, 2023.
      </p>
      <h2>What we collect</h2>
      <ul>
        <li>Account details you give us when you register: your name, phone number, email address and delivery address.</li>
        <li>Your orders, cart and return requests.</li>
        <li>Technical data needed to run the site securely, such as your IP address when you log in.</li>
      </ul>
      <p>Your password is stored only as a secure one-way hash; nobody at Clean Store can read it.</p>
      <h2>Why we use it</h2>
      <ul>
        <li>To deliver your orders and handle returns and refunds.</li>
        <li>To contact you about your orders.</li>
        <li>To keep your account safe, for example by limiting repeated failed logins.</li>
      </ul>
      <p>We do not sell your personal data and we do not send marketing messages without your consent.</p>
      <h2>Who we share it with</h2>
      <p>
        Only with the delivery partner who brings your order (name, phone number and address) and where the law requires it. Our partners may use the data only
        for the delivery.
      </p>
      <h2>How long we keep it</h2>
      <p>We keep your account while it is active. Order records are kept for 8 years, as tax law requires.</p>
      <h2>Your rights</h2>
      <p>
        You can see and correct your details at any time in <strong>My Profile</strong>. To delete your account or ask what data we hold, write to{" "}
        <a href="mailto:privacy@cleanstore.in">privacy@cleanstore.in</a>. We answer within 15 days.
      </p>
      <h2>Cookies and local storage</h2>
      <p>We keep your login token in your browser's local storage so you stay logged in. We use no advertising cookies.</p>
      <p>
        Questions? <Link to="/contact-us">Contact us</Link>.
      </p>
    </PolicyLayout>
  );
}
