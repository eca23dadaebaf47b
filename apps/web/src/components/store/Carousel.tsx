import { useEffect, useState, useSyncExternalStore } from "react";
import { Link } from "@tanstack/react-router";

const SLIDES = [
  {
    title: "Sparkling floors, every day",
    text: "Floor Shine cleaners for tiles, marble and granite — up to 21% off.",
    cta: "Shop floor care",
    category: "Floor Care",
    tone: "slide-a",
  },
  {
    title: "Grease gone in one wipe",
    text: "Dishwash gels and kitchen degreasers that cut through oil and masala stains.",
    cta: "Shop kitchen",
    category: "Kitchen",
    tone: "slide-b",
  },
  {
    title: "Fresh laundry, softer clothes",
    text: "Liquid detergents and softeners for front-load, top-load and bucket wash.",
    cta: "Shop laundry",
    category: "Laundry",
    tone: "slide-c",
  },
] as const;

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";
const reducedMotion = () => typeof window !== "undefined" && window.matchMedia?.(REDUCED_MOTION).matches;
const subscribeReducedMotion = (onChange: () => void) => {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener("change", onChange);
  return () => query?.removeEventListener("change", onChange);
};

/** Three-slide banner (WAI-ARIA carousel pattern): previous/next, slide picker, pause; stops on hover or focus. */
export function Carousel() {
  const [index, setIndex] = useState(0);
  // plays as the server renders it, unless the browser asks for reduced motion (read after
  // hydration through useSyncExternalStore); the pause/play button overrides either
  const reduced = useSyncExternalStore(subscribeReducedMotion, reducedMotion, () => false);
  const [choice, setChoice] = useState<boolean | null>(null);
  const playing = choice ?? !reduced;
  const [hold, setHold] = useState(false);
  useEffect(() => {
    if (!playing || hold) return;
    const t = window.setInterval(() => setIndex((i) => (i + 1) % SLIDES.length), 6000);
    return () => window.clearInterval(t);
  }, [playing, hold]);
  const go = (i: number) => setIndex((i + SLIDES.length) % SLIDES.length);
  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label="Offers"
      onMouseEnter={() => setHold(true)}
      onMouseLeave={() => setHold(false)}
      onFocus={() => setHold(true)}
      onBlur={() => setHold(false)}
    >
      <div className="carousel-controls">
        <button type="button" className="carousel-btn" onClick={() => setChoice(!playing)} aria-label={playing ? "Pause slide show" : "Play slide show"}>
          <span aria-hidden="true">{playing ? "❚❚" : "▶"}</span>
        </button>
        <button type="button" className="carousel-btn" onClick={() => go(index - 1)} aria-label="Previous slide" aria-controls="carousel-slides">
          <span aria-hidden="true">‹</span>
        </button>
        <button type="button" className="carousel-btn" onClick={() => go(index + 1)} aria-label="Next slide" aria-controls="carousel-slides">
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <div id="carousel-slides" className="carousel-slides" aria-live={playing && !hold ? "off" : "polite"}>
        {SLIDES.map((s, i) => (
          <div
            key={s.title}
            className={`carousel-slide ${s.tone}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${SLIDES.length}`}
            hidden={i !== index}
          >
            <h2>{s.title}</h2>
            <p>{s.text}</p>
            <Link to="/search" search={{ category: s.category }} className="btn">
              {s.cta}
            </Link>
          </div>
        ))}
      </div>
      <div className="carousel-dots">
        {SLIDES.map((s, i) => (
          <button
            key={s.title}
            type="button"
            className="carousel-dot"
            aria-label={`Show slide ${i + 1}: ${s.title}`}
            aria-current={i === index ? "true" : undefined}
            onClick={() => go(i)}
          />
        ))}
      </div>
    </section>
  );
}
