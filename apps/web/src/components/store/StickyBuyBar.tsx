import { useEffect, useState, type RefObject } from "react";

/**
 * Issue 23: on a phone the product page's buttons scroll away under the facts and the details;
 * once they are above the window, a bar fixed at its bottom keeps the product, its price and
 * Add to Cart at hand (the same action as the page's button). Hidden again when the buttons come
 * back into view, and never on a wide screen, where the page fits beside its image (styles/phone.css).
 * Starts hidden: the server's markup and the first render have no bar.
 */
export function StickyBuyBar({
  buttons,
  name,
  price,
  adding,
  onAdd,
}: {
  /** the page's own buy buttons, watched */
  buttons: RefObject<HTMLElement | null>;
  name: string;
  /** the price shown, formatted */
  price: string;
  adding: boolean;
  onAdd: () => void;
}) {
  const scrolledPast = useScrolledPast(buttons);
  return (
    <div className="sticky-buy-bar" role="region" aria-label="Quick buy" hidden={!scrolledPast}>
      <p className="sticky-buy-bar-product">
        <span className="sticky-buy-bar-name">{name}</span>
        <span className="price">{price}</span>
      </p>
      <button type="button" className="btn" disabled={adding} onClick={onAdd}>
        {adding ? "Adding..." : "Add to Cart"}
      </button>
    </div>
  );
}

/** Below the window, as far as any page goes: an element is out of this area only above the window's top. */
const DOWN_TO_THE_END = "0px 0px 1000000px 0px";

/** Whether the element has scrolled out of the window above its top edge (not yet reached is false). */
function useScrolledPast(target: RefObject<HTMLElement | null>): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    // with the window stretched downwards, "not intersecting" means "above it", and the observer
    // reports every change of that, even a jump from below the window to above it (a fling, a
    // link to the footer) that never crosses the window itself
    const observer = new IntersectionObserver(([entry]) => setPast(entry ? !entry.isIntersecting : false), { rootMargin: DOWN_TO_THE_END });
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);
  return past;
}
