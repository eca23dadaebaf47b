import { useEffect, useId, useRef, useState, type FormEvent } from "react";

/**
 * "Have a coupon code?": the field and Apply, or the applied code with Remove. `message` is the
 * server's refusal ("There is no coupon X", "This code is for prepaid orders (UPI or online)"),
 * announced where it stands; `inTotals` false: the applied code is not in the totals shown.
 */
export function CouponField({
  applied,
  inTotals,
  message,
  pending,
  onApply,
  onRemove,
}: {
  applied: string | null;
  inTotals: boolean;
  message: string | null;
  pending: boolean;
  /** resolves true once the code is applied */
  onApply: (code: string) => Promise<boolean>;
  onRemove: () => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  // a code applied or taken off (here or from an offer) starts the field afresh: closed and empty
  const [shown, setShown] = useState(applied);
  if (shown !== applied) {
    setShown(applied);
    setOpen(false);
    setText("");
  }
  // after the shopper's own Apply or Remove the button they pressed is gone: the focus goes to the
  // one that replaces it (never on the page's first render, which would scroll a phone to it)
  const acted = useRef(false);
  const next = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!acted.current) return;
    acted.current = false;
    next.current?.focus();
  }, [applied]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    acted.current = true;
    if (!(await onApply(text))) acted.current = false;
  };
  const messageId = `${id}-message`;
  return (
    <section className="coupon" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="visually-hidden">
        Coupon
      </h3>
      {applied ? (
        <div className="coupon-applied">
          <p data-testid="coupon-applied">
            Coupon <strong>{applied}</strong> {inTotals ? "applied" : "not applied"}
          </p>
          <button
            ref={next}
            type="button"
            className="btn secondary coupon-btn"
            onClick={() => {
              acted.current = true;
              onRemove();
            }}
            disabled={pending}
            aria-label={`Remove coupon ${applied}`}
          >
            Remove
          </button>
        </div>
      ) : open ? (
        <form className="coupon-form" onSubmit={(e) => void submit(e)} noValidate>
          <label htmlFor={`${id}-code`}>Coupon code</label>
          <div className="coupon-row">
            <input
              id={`${id}-code`}
              name="couponCode"
              value={text}
              onChange={(e) => setText(e.target.value)}
              maxLength={20}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              enterKeyHint="go"
              aria-invalid={message ? true : undefined}
              aria-describedby={messageId}
              // opened by the shopper's tap on "Have a coupon code?": the field takes the focus
              autoFocus
            />
            <button type="submit" className="btn coupon-btn" disabled={pending || text.trim() === ""}>
              {pending ? "Applying..." : "Apply"}
            </button>
          </div>
        </form>
      ) : (
        <button ref={next} type="button" className="link-button coupon-toggle" aria-expanded="false" onClick={() => setOpen(true)}>
          Have a coupon code?
        </button>
      )}
      {/* both always in the page, so screen readers announce what appears in them */}
      <p className="visually-hidden" aria-live="polite">
        {applied ? `Coupon ${applied} ${inTotals ? "applied" : "not applied"}` : ""}
      </p>
      <p id={messageId} className="field-error coupon-message" aria-live="polite">
        {message}
      </p>
    </section>
  );
}
