import type { RouterOutputs } from "../../lib/trpc";
import { formatINR } from "../../lib/format";
import { ProductImage } from "./ProductImage";
import { ProductLink } from "./ProductLink";
import { useAddToCart } from "./useAddToCart";

export type Product = RouterOutputs["products"]["list"][number];

export function ProductCard({ product, eager = false, cart }: { product: Product; eager?: boolean; cart: ReturnType<typeof useAddToCart> }) {
  const soldOut = !product.inStock;
  // issue 25: one card a product; with several packs it says "from" the lowest price, and the
  // shopper chooses the pack on the product's page
  const sizes = product.variantCount > 1 ? `${product.variantCount} sizes` : null;
  const size = sizes ?? product.packSize;
  return (
    <article className="product-card" aria-labelledby={`p-${product.productId}-name`}>
      <ProductLink
        productId={product.productId}
        className="product-card-image"
        ariaLabel={[product.productName, size, product.offer].filter(Boolean).join(", ")}
      >
        <ProductImage src={product.productImg} alt={`${product.productName} ${product.packSize} bottle`} size={396} lazy={!eager} />
        {product.offer && <span className="offer-tag">{product.offer}</span>}
      </ProductLink>
      <div className="product-card-body">
        <h3 id={`p-${product.productId}-name`} className="product-name">
          <ProductLink productId={product.productId}>{product.productName}</ProductLink>
        </h3>
        <p className="pack">
          Packing Size: <strong>{size}</strong>
        </p>
        <p className="price-row">
          {sizes ? (
            <span className="price">from {formatINR(product.priceFrom)}</span>
          ) : (
            <>
              <span className="price">{formatINR(product.productPrice)}</span>
              {product.mainPrice > product.productPrice && (
                <span className="strike">
                  <span className="visually-hidden">Was </span>
                  {formatINR(product.mainPrice)}
                </span>
              )}
            </>
          )}
          {product.offer && <span className="offer">Offer: {product.offer}</span>}
        </p>
        {sizes && !soldOut ? (
          <ProductLink productId={product.productId} className="btn add-to-cart" ariaLabel={`Choose a size of ${product.productName}`}>
            Choose a size
          </ProductLink>
        ) : (
          <button
            type="button"
            className="btn add-to-cart"
            disabled={soldOut || cart.pendingId === product.productId}
            aria-label={soldOut ? `${product.productName} ${size} is out of stock` : `Add ${product.productName} ${size} to cart`}
            onClick={() => cart.add(product.productId, 1, product.defaultVariantId ?? undefined)}
          >
            {soldOut ? "Out of stock" : cart.pendingId === product.productId ? "Adding..." : "Add to Cart"}
          </button>
        )}
      </div>
    </article>
  );
}

/** The product grid; the first cards (above the fold) load their images at once, the rest lazily. */
export function ProductGrid({ products }: { products: Product[] }) {
  const cart = useAddToCart();
  return (
    <ul className="product-grid">
      {products.map((p, i) => (
        <li key={p.productId}>
          <ProductCard product={p} eager={i < 4} cart={cart} />
        </li>
      ))}
    </ul>
  );
}
