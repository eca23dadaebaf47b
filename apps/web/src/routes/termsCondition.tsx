import { createFileRoute, Link } from "@tanstack/react-router";
import { RETURN_WINDOW_DAYS } from "@store/domain";
import { PolicyLayout } from "../components/store/PolicyLayout";

export const Route = createFileRoute("/termsCondition")({ component: TermsAndConditions });

function TermsAndConditions() {
  return (
    <PolicyLayout title="Terms & Conditions" updated="1 April 2025">
      <p>These conditions apply to every order placed on Clean Store. Clean Store sells cleaning products to customers in India.</p>
      <h2>Prices</h2>
      <p>
        Prices are in Indian rupees (₹) and include GST. The price you pay is the price shown when you place the order. A delivery charge is shown on the
        product page and at checkout; many products ship free.
      </p>
      <h2>Orders</h2>
      <ul>
        <li>An order is placed when you press Continue at checkout or Checkout cart in your cart. You get an order reference straight away.</li>
        <li>We may cancel an order if a product runs out of stock or the price shown was clearly wrong. You are not charged for a cancelled order.</li>
        <li>At most 100 units of one product can be ordered at once.</li>
      </ul>
      <h2>Payment</h2>
      <p>You pay on delivery. The payment status of each order is shown in My Orders.</p>
      <h2>Delivery</h2>
      <p>We aim to deliver within 3 days of the order. The expected delivery date is shown on every order, and you can follow the order in the tracker.</p>
      <h2>Returns and refunds</h2>
      <p>
        You can return a damaged, incomplete, expired or wrong product within {RETURN_WINDOW_DAYS} days of delivery. Details are in our{" "}
        <Link to="/refundPolicy">Refund Policy</Link>.
      </p>
      <h2>Liability</h2>
      <p>
        Use every product as its label says. We are not responsible for damage caused by using a product in a way its label warns against. Nothing in these
        conditions limits your rights under the Consumer Protection Act, 2019.
      </p>
      <h2>Disputes</h2>
      <p>
        Please <Link to="/contact-us">contact us</Link> first; we try to solve every problem within 7 business days. These conditions are governed by the laws
        of India and the courts of Bengaluru have jurisdiction.
      </p>
    </PolicyLayout>
  );
}
