import { Link } from "@tanstack/react-router";
import { useCustomerSession } from "./session";

export function Footer() {
  const signedIn = useCustomerSession() !== null;
  return (
    <footer className="store-footer">
      <div className="store-footer-inner">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">Clean Store</h2>
          <p>Floor cleaners, dishwash, laundry and bathroom care, delivered to your door across India.</p>
          <p>
            Customer care: <a href="tel:+918045678900">+91 80 4567 8900</a>
            <br />
            <a href="mailto:care@cleanstore.in">care@cleanstore.in</a>
          </p>
          <p data-testid="footer-complaints">
            Complaints go to our grievance officer, who acknowledges them within 48 hours. <Link to="/complaint">Raise a complaint</Link>
            {signedIn && (
              <>
                {" · "}
                <Link to="/my-complaints">My complaints</Link>
              </>
            )}
          </p>
        </section>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company">Company</h2>
          <ul>
            <li>
              <Link to="/track">Track your order</Link>
            </li>
            <li>
              <Link to="/about-us">About us</Link>
            </li>
            <li>
              <Link to="/contact-us">Contact us</Link>
            </li>
            <li>
              <Link to="/blog">Blog</Link>
            </li>
            <li>
              <Link to="/term-use">Terms of use</Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-policies">
          <h2 id="footer-policies">Policies</h2>
          <ul>
            <li>
              <Link to="/privacyPolicy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/termUse">Terms of Use</Link>
            </li>
            <li>
              <Link to="/termsCondition">Terms &amp; Conditions</Link>
            </li>
            <li>
              <Link to="/refundPolicy">Refund Policy</Link>
            </li>
          </ul>
        </nav>
        <section aria-labelledby="footer-promise">
          <h2 id="footer-promise">Our promise</h2>
          <ul>
            <li>Quality products</li>
            <li>Free shipping on most items (T &amp; C)</li>
            <li>7-day return</li>
            <li>24/7 support</li>
          </ul>
        </section>
      </div>
      <p className="copyright">© {new Date().getFullYear()} Clean Store. Prices in Indian rupees (₹). Prices are inclusive of GST.</p>
    </footer>
  );
}
