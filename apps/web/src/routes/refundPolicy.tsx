import { createFileRoute, Link } from "@tanstack/react-router";
import { RETURN_REASONS, RETURN_WINDOW_DAYS } from "@store/domain";
import { PolicyLayout } from "../components/store/PolicyLayout";

export const Route = createFileRoute("/refundPolicy")({ component: RefundPolicy });

function RefundPolicy() {
  return (
    <PolicyLayout title="Refund Policy" updated="1 April 2025">
      <p>
        We want you to be happy with every bottle you buy from Clean Store. If something is wrong with your order, you can return it within{" "}
        <strong>{RETURN_WINDOW_DAYS} days of delivery</strong> and we will refund you.
      </p>
      <h2>When you can return a product</h2>
      <p>You can ask for a return within {RETURN_WINDOW_DAYS} days of the delivery date if the product you received is:</p>
      <ul>
        {RETURN_REASONS.map((r) => (
          <li key={r}>{r.replace(" product", "")}</li>
        ))}
      </ul>
      <p>
        Please keep the product, its packaging and the invoice until the return is complete. For hygiene and safety reasons we cannot take back a product that
        was opened and used, unless it was damaged, incomplete, expired or not the product you ordered.
      </p>
      <h2>How to ask for a return</h2>
      <ol>
        <li>
          Log in and open <strong>My Orders</strong>, then the order you want to return.
        </li>
        <li>
          Under <strong>Request a return</strong>, choose the reason and send the request. The button is shown for {RETURN_WINDOW_DAYS} days after delivery.
        </li>
        <li>
          You can also write to <a href="mailto:care@cleanstore.in">care@cleanstore.in</a> or call +91 80 4567 8900 with your order reference.
        </li>
      </ol>
      <h2>What happens next</h2>
      <ul>
        <li>We review your request within 2-3 business days and tell you if it is approved.</li>
        <li>Once approved, our delivery partner picks the product up from your address within 5-7 business days.</li>
        <li>After the pickup, the refund goes to your original payment mode. For cash on delivery orders we refund to a bank account you give us.</li>
      </ul>
      <h2>Cancelled orders</h2>
      <p>If an order is cancelled before delivery, you are not charged. Anything you paid in advance is refunded to your original payment mode.</p>
      <h2>Questions</h2>
      <p>
        See our <Link to="/termsCondition">Terms &amp; Conditions</Link> or <Link to="/contact-us">contact us</Link>.
      </p>
    </PolicyLayout>
  );
}
