import { Link } from "@tanstack/react-router";
import { QueryState } from "../QueryState";
import { trpc } from "../../lib/trpc";
import "../../styles/order-confirmation.css";

/**
 * The cart's "Deliver to": the address on the customer's profile, which the order will carry
 * (order-placement.ts copies it at checkout), and a way to change it that comes back to the cart.
 */
export function DeliverTo({ customerId }: { customerId: number }) {
  const customer = trpc.customers.details.useQuery({ customerId });
  return (
    <section className="deliver-to" aria-labelledby="deliver-to-heading">
      <div className="deliver-to-head">
        <h3 id="deliver-to-heading">Deliver to</h3>
        <Link
          to="/userProfile/$customerId"
          params={{ customerId: String(customerId) }}
          search={{ redirect: `/myCart/${customerId}` }}
          className="deliver-to-change"
          aria-label="Change the delivery address"
        >
          Change
        </Link>
      </div>
      <QueryState query={customer}>
        {(c) => (
          <address data-testid="deliver-to">
            <strong>
              {c.firstName} {c.lastName}
            </strong>
            <br />
            {c.houseNo}, {c.areaAddress}
            <br />
            {c.city}, {c.state} {c.pinCode}
            <br />
            <span className="hint">Phone {c.number}</span>
          </address>
        )}
      </QueryState>
    </section>
  );
}
