import { formatINR } from "../../lib/format";
import type { Pack } from "./packs";

/**
 * The product page's pack sizes (issue 25): one button a pack, with its size and price; the chosen
 * one is pressed. Choosing changes the page's address (?pack=), so a shared link opens that pack.
 */
export function PackChooser({ packs, chosen, onChoose }: { packs: Pack[]; chosen: number | undefined; onChoose: (variantId: number) => void }) {
  return (
    <div className="pack-chooser" role="group" aria-label="Pack size">
      {packs.map((v) => (
        <button
          key={v.variantId}
          type="button"
          className="pack-option"
          aria-pressed={v.variantId === chosen}
          aria-label={`${v.label}, ${formatINR(v.price)}${v.inStock ? "" : ", out of stock"}`}
          onClick={() => onChoose(v.variantId)}
        >
          <span className="pack-option-label">{v.label}</span>
          <span className="pack-option-price">{formatINR(v.price)}</span>
          {!v.inStock && <span className="pack-option-out">Out of stock</span>}
        </button>
      ))}
    </div>
  );
}
