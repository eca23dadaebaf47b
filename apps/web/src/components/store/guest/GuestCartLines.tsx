// The lines of a guest cart (issue 29): each pack with its price, a quantity stepper and Remove.
import { MAX_LINE_QUANTITY } from "@store/domain";
import { formatINR } from "../../../lib/format";
import { ProductImage } from "../ProductImage";
import { ProductLink } from "../ProductLink";
import { QuantityStepper } from "../QuantityStepper";
import { TrashIcon } from "../Icons";
import { lineImage, useGuestSetQuantity, type GuestLine } from "./useGuestCart";

function GuestCartLine({ cartToken, line }: { cartToken: string; line: GuestLine }) {
  const set = useGuestSetQuantity();
  const busy = set.isPending;
  const change = (quantity: number) => set.mutate({ cartToken, itemId: line.itemId, quantity });
  return (
    <li className="cart-line card" aria-label={line.productName}>
      <ProductImage src={lineImage(line)} alt={line.productName} size={100} className="thumb" />
      <div className="cart-line-info">
        <h2 className="product-name">
          <ProductLink productId={line.productId} pack={line.variantId}>
            {line.productName}
          </ProductLink>
        </h2>
        <p className="hint">SKU {line.sku}</p>
        <p>
          <span className="price">{formatINR(line.price)}</span> each
          {line.mrp > line.price && (
            <>
              {" "}
              · MRP <span className="strike">{formatINR(line.mrp)}</span>
            </>
          )}
        </p>
        {!line.inStock && <p className="field-error">Not enough left in stock. Please lower the quantity.</p>}
      </div>
      <div className="cart-line-actions">
        <QuantityStepper
          value={line.quantity}
          max={Math.max(MAX_LINE_QUANTITY, line.quantity)}
          onChange={change}
          label={`Quantity of ${line.productName}`}
          disabled={busy}
        />
        <p className="price line-total">{formatINR(line.amount)}</p>
        <button type="button" className="icon-btn remove" disabled={busy} onClick={() => change(0)} aria-label={`Remove ${line.productName} from cart`}>
          <TrashIcon /> Remove
        </button>
      </div>
    </li>
  );
}

export function GuestCartLines({ cartToken, lines }: { cartToken: string; lines: readonly GuestLine[] }) {
  return (
    <ul className="cart-lines">
      {lines.map((l) => (
        <GuestCartLine key={l.itemId} cartToken={cartToken} line={l} />
      ))}
    </ul>
  );
}
