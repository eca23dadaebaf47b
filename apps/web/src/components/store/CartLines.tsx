import { maxPickable } from "@store/domain";
import { toast } from "../../lib/toast";
import { formatDelivery, formatINR } from "../../lib/format";
import { errorMessage, trpc, type RouterOutputs } from "../../lib/trpc";
import { ProductImage } from "./ProductImage";
import { ProductLink } from "./ProductLink";
import { QuantityStepper } from "./QuantityStepper";
import { TrashIcon } from "./Icons";
import { withPack } from "./packs";

type Line = RouterOutputs["cart"]["byCustomer"][number];

function CartLine({ line }: { line: Line }) {
  const utils = trpc.useUtils();
  const refresh = () => utils.cart.byCustomer.invalidate({ customerId: line.customerId });
  const update = trpc.cart.updatePost.useMutation({ onSuccess: refresh, onError: (e) => toast.error(errorMessage(e)) });
  const remove = trpc.cart.remove.useMutation({
    onSuccess: (res) => {
      toast.success(`${name} ${res.message.charAt(0).toLowerCase()}${res.message.slice(1)}`);
      return refresh();
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const busy = update.isPending || remove.isPending;
  const max = maxPickable(line.inStock);
  // issue 25: a line is one pack of a product; two packs of one product are two lines
  const name = withPack(line.productName, line.label);
  return (
    <li className="cart-line card" aria-label={name}>
      <ProductImage src={line.productImg} alt={`${line.productName} ${line.label}`} size={100} className="thumb" />
      <div className="cart-line-info">
        <h2 className="product-name">
          <ProductLink productId={line.productId} pack={line.variantId}>
            {line.productName}
          </ProductLink>{" "}
          <span className="pack-name" data-testid="cart-pack">
            – {line.label}
          </span>
        </h2>
        <p className="hint">
          SKU {line.sku} · Ref. {line.productOrderId}
        </p>
        <p>
          <span className="price">{formatINR(line.price)}</span> each
          {line.mrp > line.price && (
            <>
              {" "}
              · MRP <span className="strike">{formatINR(line.mrp)}</span>
            </>
          )}
          {line.unitSalePrice && <span className="hint"> ({line.unitSalePrice.text} on MRP)</span>} · Delivery {formatDelivery(line.deliveryCharge)}
        </p>
        {line.inStock < line.quantity && <p className="field-error">Only {line.inStock} left in stock. Please lower the quantity.</p>}
      </div>
      <div className="cart-line-actions">
        <QuantityStepper
          value={line.quantity}
          max={Math.max(max, line.quantity)}
          onChange={(quantity) => update.mutate({ addToCartId: line.addToCartId, quantity })}
          label={`Quantity of ${name}`}
          disabled={busy}
        />
        <p className="price line-total">{formatINR(line.lineTotal)}</p>
        <button
          type="button"
          className="icon-btn remove"
          disabled={busy}
          onClick={() => remove.mutate({ addToCartId: line.addToCartId })}
          aria-label={`Remove ${name} from cart`}
        >
          <TrashIcon /> Remove
        </button>
      </div>
    </li>
  );
}

export function CartLines({ lines }: { lines: Line[] }) {
  return (
    <ul className="cart-lines">
      {lines.map((l) => (
        <CartLine key={l.addToCartId} line={l} />
      ))}
    </ul>
  );
}
