import { RETURN_WINDOW_DAYS } from "@store/domain";
import { PhoneIcon, ReturnIcon, StarIcon, TruckIcon } from "./Icons";

const TILES = [
  { icon: <StarIcon />, title: "Quality Product", text: "Tested formulas from trusted makers" },
  { icon: <TruckIcon />, title: "Free Shipping T & C", text: "Free delivery on most products" },
  { icon: <ReturnIcon />, title: `${RETURN_WINDOW_DAYS}-Day Return`, text: `Return within ${RETURN_WINDOW_DAYS} days of delivery` },
  { icon: <PhoneIcon />, title: "24/7 Support", text: "Call or write to us any time" },
];

export function PromiseTiles() {
  return (
    <section className="promise-tiles" aria-label="Our promise">
      {TILES.map((t) => (
        <div className="promise-tile" key={t.title}>
          <span className="promise-icon" aria-hidden="true">
            {t.icon}
          </span>
          <div>
            <h2>{t.title}</h2>
            <p>{t.text}</p>
          </div>
        </div>
      ))}
    </section>
  );
}
