import { useId, useState, useSyncExternalStore, type FormEvent } from "react";
import { formatDelivery, formatINR } from "../../lib/format";
import { errorMessage, trpc } from "../../lib/trpc";
import { keepTyped } from "../../lib/hydration";
import { formatDeliverBy, isPincode } from "../delivery/deliveryText";
import "../../styles/check-delivery.css";

/** the shopper's PIN code, remembered in this browser for every product page and the cart */
export const PINCODE_KEY = "cleanstore.deliveryPincode";

function rememberedPincode(): string {
  try {
    const saved = window.localStorage.getItem(PINCODE_KEY) ?? "";
    return isPincode(saved) ? saved : "";
  } catch {
    return "";
  }
}

// every box on the page (and other tabs, through "storage") follows a PIN code checked in one
const listeners = new Set<() => void>();
function subscribe(changed: () => void) {
  listeners.add(changed);
  window.addEventListener("storage", changed);
  return () => {
    listeners.delete(changed);
    window.removeEventListener("storage", changed);
  };
}

function remember(pincode: string) {
  try {
    window.localStorage.setItem(PINCODE_KEY, pincode);
  } catch {
    // private windows may refuse storage: the check still works for this page
  }
  for (const changed of listeners) changed();
}

/** The PIN code remembered in this browser; "" on the server and while hydrating, so both renders agree. */
const useRememberedPincode = () => useSyncExternalStore(subscribe, rememberedPincode, () => "");

/**
 * "Check delivery" (issue 27): the date, the fee and cash on delivery for the shopper's PIN code.
 * Before a PIN code, cash on delivery is promised only when the shop offers it at all; after, only
 * where that PIN code gets it. `productDelivery`: the product's own charge, which applies while the
 * store has no delivery zones. Rendered as a list item of the product page's delivery facts, or a box.
 */
export function CheckDelivery({
  itemsTotal,
  productDelivery,
  as: Tag = "li",
}: {
  /** rupees: what the shopper is buying, judged against the free-delivery threshold */
  itemsTotal: number;
  productDelivery?: number | "Free";
  as?: "li" | "div";
}) {
  const inputId = useId();
  const pincode = useRememberedPincode();
  const [typed, setTyped] = useState("");
  const [editing, setEditing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const store = trpc.serviceability.storeTerms.useQuery(undefined, { staleTime: 5 * 60_000 });
  const check = trpc.serviceability.check.useQuery(
    { pincode, itemsTotal: Math.max(0, Math.round(itemsTotal * 100) / 100) },
    { enabled: pincode !== "", staleTime: 60_000, placeholderData: (previous) => previous, retry: false },
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const entered = typed.trim();
    if (!isPincode(entered)) {
      setProblem("Enter a 6-digit PIN code");
      return;
    }
    setProblem(null);
    remember(entered);
    setEditing(false);
  };

  const t = check.data && check.data.pincode === pincode ? check.data : undefined;
  const productFee = productDelivery === undefined ? null : productDelivery === "Free" ? "Free delivery" : `Delivery ${formatDelivery(productDelivery)}`;
  const threshold = store.data?.freeDeliveryAbove;
  // with zones the fee is the PIN code's zone's, once an order; without, each product's own (until the store's terms load too: no shift)
  const fee = t?.serviceable
    ? t.deliveryFee === 0
      ? "Free delivery"
      : t.deliveryFee !== null
        ? `Delivery ${formatINR(t.deliveryFee)} per order`
        : productFee
    : store.data?.zoned
      ? threshold != null
        ? `Free delivery on orders of ${formatINR(threshold)} or more`
        : null
      : productFee;
  return (
    <Tag className="check-delivery" data-testid="check-delivery">
      {fee && (
        <p>
          <strong data-testid="delivery-fee">{fee}</strong>
        </p>
      )}
      {editing || !pincode ? (
        <form noValidate onSubmit={submit} className="check-delivery-form" aria-label="Check delivery">
          <label htmlFor={inputId}>Check delivery to your PIN code</label>
          <span className="check-delivery-row">
            <input
              id={inputId}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={6}
              placeholder="PIN code"
              value={typed}
              ref={keepTyped(setTyped)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${inputId}-error` : undefined}
              onChange={(e) => setTyped(e.target.value.replace(/\D/g, ""))}
            />
            <button type="submit" className="btn secondary small">
              Check
            </button>
          </span>
          {problem && (
            <small id={`${inputId}-error`} className="field-error" role="alert">
              {problem}
            </small>
          )}
        </form>
      ) : (
        <p className="check-delivery-pincode">
          Delivering to <strong>{t?.city ? `${t.city} ${pincode}` : pincode}</strong>{" "}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setTyped(pincode);
              setEditing(true);
            }}
          >
            Change
          </button>
        </p>
      )}
      <div role="status" aria-live="polite">
        {!pincode && store.data?.codEnabled && <p>Cash on delivery available</p>}
        {pincode && check.error && <p className="field-error">{errorMessage(check.error)}</p>}
        {pincode && check.isPending && !t && <p className="hint">Checking {pincode}...</p>}
        {t && !t.serviceable && <p className="check-delivery-no">{t.message}</p>}
        {t?.serviceable && (
          <ul className="check-delivery-terms">
            {t.deliverBy && (
              <li>
                <strong>Delivery by {formatDeliverBy(t.deliverBy)}</strong>
              </li>
            )}
            <li>{t.cod ? "Cash on delivery available" : "Cash on delivery not available"}</li>
          </ul>
        )}
      </div>
    </Tag>
  );
}
