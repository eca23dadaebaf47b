import { useRef, useState } from "react";
import { Link, useNavigate } from "@tanstack/react-router";
import { lineTotal, MAX_LINE_QUANTITY, maxPickable, productPagePath, RETURN_WINDOW_DAYS } from "@store/domain";
import { QueryState } from "../QueryState";
import { formatINR } from "../../lib/format";
import { errorCode, trpc } from "../../lib/trpc";
import { NotFoundStatus } from "../../lib/page-status";
import { ProductImage } from "./ProductImage";
import { QuantityStepper } from "./QuantityStepper";
import { StickyBuyBar } from "./StickyBuyBar";
import { CheckDelivery } from "./CheckDelivery";
import { StoreLayout } from "./StoreLayout";
import { useAddToCart } from "./useAddToCart";
import { useCustomerSession } from "./session";
import { PackChooser } from "./PackChooser";
import { chosenPack, packsOnSale, withPack, type Pack, type ProductWithPacks } from "./packs";
import { categorySearch } from "./searchParams";
import { JsonLd, PageMeta, productJsonLd } from "./Seo";
import { usePublicUrl } from "../../lib/public-url";
import { firstReviewsPage, ProductReviews } from "./trust/ProductReviews";
import { RatingBadge } from "./trust/RatingSummary";
import "../../styles/trust.css";
import type { RouterContext } from "../../routes/__root";

/**
 * What a product page waits for before its first paint (and what the server renders into it): the
 * product, and the seller's facts its legal panel shows (issue 15). Failures are left to the screen.
 */
export async function loadProductPage(utils: RouterContext["trpc"], productId: number | null) {
  await Promise.all([
    productId ? utils.products.byId.ensureData({ productId }).catch(() => undefined) : undefined,
    utils.settings.storeFacts.ensureData().catch(() => undefined),
    // issue 31: the rating summary and the first reviews are in the server's page (and its JSON-LD)
    productId ? utils.reviews.forProduct.ensureData(firstReviewsPage(productId)).catch(() => undefined) : undefined,
  ]);
}

/** The product page; `customerId` is set on the customer's form of the route, absent for guests. `pack` is the ?pack= of its address. */
export function ProductDetails({
  productId,
  customerId,
  pack,
  onChoosePack,
}: {
  productId: number | null;
  customerId?: number;
  pack?: number;
  onChoosePack: (variantId: number) => void;
}) {
  // a failure the route's loader met is shown, not fetched again while rendering: the server's
  // page then says "not found" (with its 404) instead of "Loading...", and hydrates as it is
  const product = trpc.products.byId.useQuery({ productId: productId ?? 0 }, { enabled: productId !== null, retryOnMount: false });
  if (productId === null) {
    return (
      <StoreLayout title="Product not found">
        <h1>Product not found</h1>
        <p className="empty">This product link is not valid.</p>
      </StoreLayout>
    );
  }
  return (
    <StoreLayout title={product.data?.productName ?? "Product"}>
      {/* no such product: the server answers the page with 404 (issue 18) */}
      {errorCode(product.error) === "NOT_FOUND" && <NotFoundStatus />}
      <QueryState query={product}>{(p) => <ProductView product={p} customerId={customerId} packId={pack} onChoosePack={onChoosePack} />}</QueryState>
    </StoreLayout>
  );
}

function ProductView({
  product: p,
  customerId: routeCustomerId,
  packId,
  onChoosePack,
}: {
  product: ProductWithPacks;
  customerId?: number;
  packId?: number;
  onChoosePack: (variantId: number) => void;
}) {
  const session = useCustomerSession();
  const customerId = routeCustomerId ?? session?.customerId;
  const packs = packsOnSale(p);
  const pack = chosenPack(p, packId);
  // the pack's facts; a product answered without packs (never, by the contract) shows its own
  const price = pack?.price ?? p.productPrice;
  const mrp = pack?.mrp ?? p.mainPrice;
  const label = pack?.label ?? p.packSize;
  const stock = pack?.stock ?? p.quantity;
  const soldOut = !(pack?.inStock ?? p.inStock);
  const [asked, setQuantity] = useState(1);
  const max = maxPickable(stock);
  // another pack may have less in stock: the quantity follows it down
  const quantity = Math.min(asked, max);
  const cart = useAddToCart();
  const addToCart = () => cart.add(p.productId, quantity, pack?.variantId);
  const adding = cart.pendingId === p.productId;
  const buyButtons = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const publicUrl = usePublicUrl();
  const reviews = trpc.reviews.forProduct.useQuery(firstReviewsPage(p.productId), { retryOnMount: false });
  const order = () => {
    // the pack goes along when there is a choice; a product of one pack keeps the spec's address
    const search = { quantity, ...(pack && packs.length > 1 ? { pack: pack.variantId } : {}) };
    if (customerId) {
      void navigate({
        to: "/checkOut/$customerId/$productId",
        params: { customerId: String(customerId), productId: String(p.productId) },
        search,
      });
    } else {
      // the guard puts the logged-in customer's id in place of 0 once the login is done
      const query = new URLSearchParams(Object.entries(search).map(([k, v]) => [k, String(v)]));
      void navigate({ to: "/customerLogin", search: { redirect: `/checkOut/0/${p.productId}?${query.toString()}` } });
    }
  };
  return (
    <div className="product-page">
      <PageMeta path={productPagePath(p.productId)} title={p.productName} description={p.productInfo} type="product" image={p.productImg} />
      <JsonLd data={productJsonLd(p, publicUrl, reviews.data)} />
      {/* the chosen pack's own photo, else the product's image */}
      <div className="product-page-image card">
        <ProductImage src={pack?.image ?? p.productImg} alt={`${p.productName} ${label} bottle`} size={396} lazy={false} />
      </div>
      <div className="product-page-info">
        <p className="crumbs">
          <Link to="/search" search={categorySearch(p.category)}>
            {p.category}
          </Link>
        </p>
        <h1>{p.productName}</h1>
        <RatingBadge summary={reviews.data?.summary} />
        <p className="pack">
          Pack Size: <strong data-testid="pack-label">{label}</strong>
        </p>
        {packs.length > 1 && <PackChooser packs={packs} chosen={pack?.variantId} onChoose={onChoosePack} />}
        <p className="big-price">
          <span className="price" data-testid="line-price">
            {formatINR(price * quantity)}
          </span>
          {quantity > 1 && (
            <span className="hint">
              {" "}
              ({formatINR(price)} × {quantity})
            </span>
          )}
          {pack?.unitPrice && (
            <span className="hint unit" data-testid="pack-unit-price">
              {" "}
              ({pack.unitPrice.text})
            </span>
          )}
        </p>
        <p className="price-row">
          <span>
            MRP:{" "}
            <span className="strike" data-testid="pack-mrp">
              {formatINR(mrp)}
            </span>
            {pack?.unitSalePrice && <span data-testid="pack-unit-sale-price"> ({pack.unitSalePrice.text})</span>}{" "}
            <span className="hint">(incl. of all taxes)</span>
          </span>
          {p.offer && <span className="offer">Offer: {p.offer}</span>}
        </p>
        <p className={soldOut ? "stock out" : "stock"} data-testid="pack-stock">
          {soldOut ? "Out of stock" : stock <= 10 ? `Only ${stock} left in stock` : "In stock"}
        </p>
        {!soldOut && (
          <div className="buy-row" ref={buyButtons}>
            <QuantityStepper value={quantity} onChange={(n) => setQuantity(Math.min(max, Math.max(1, n)))} max={max} label="Quantity" />
            <button type="button" className="btn" onClick={order}>
              Order
            </button>
            <button type="button" className="btn secondary" disabled={adding} onClick={addToCart}>
              {adding ? "Adding..." : "Add to Cart"}
            </button>
          </div>
        )}
        {!soldOut && quantity >= max && (
          <p className="hint">{max === MAX_LINE_QUANTITY ? `At most ${MAX_LINE_QUANTITY} per order.` : `That is all we have in stock.`}</p>
        )}
        {!soldOut && (
          <p className="hint">
            Total with delivery: <strong>{formatINR(lineTotal(price, quantity, p.deliveryCharge))}</strong>
          </p>
        )}
        <ul className="delivery-facts">
          <CheckDelivery itemsTotal={price * quantity} productDelivery={p.deliveryCharge} />
          <li>
            <strong>{RETURN_WINDOW_DAYS}-day return</strong> — damaged, incomplete, expired or wrong product? Ask for a return within {RETURN_WINDOW_DAYS} days
            of delivery. <Link to="/refundPolicy">Refund policy</Link>
          </li>
        </ul>
        <LegalFacts product={p} pack={pack} />
        <section aria-labelledby="details-heading">
          <h2 id="details-heading">Product details</h2>
          <p>{p.productInfo}</p>
        </section>
      </div>
      <ProductReviews productId={p.productId} />
      {!soldOut && (
        <StickyBuyBar
          buttons={buyButtons}
          name={pack && packs.length > 1 ? withPack(p.productName, pack.label) : p.productName}
          price={formatINR(price * quantity)}
          adding={adding}
          onAdd={addToCart}
        />
      )}
    </div>
  );
}

/** What the Legal Metrology and E-Commerce Rules ask a product page to show (issue 15), of the chosen pack (issue 25). */
function LegalFacts({ product: p, pack }: { product: ProductWithPacks; pack: Pack | undefined }) {
  const facts = trpc.settings.storeFacts.useQuery(undefined, { staleTime: 10 * 60_000 });
  return (
    <dl className="details-grid legal-facts" aria-label="Product facts">
      <dt>Net quantity</dt>
      <dd>{pack?.label ?? p.packSize}</dd>
      {pack?.unitSalePrice && (
        <>
          <dt>Unit sale price</dt>
          <dd data-testid="unit-price">{pack.unitSalePrice.text}</dd>
        </>
      )}
      <dt>Price</dt>
      <dd>{formatINR(pack?.price ?? p.productPrice)} (incl. of all taxes)</dd>
      {pack && (
        <>
          <dt>SKU</dt>
          <dd>{pack.sku}</dd>
        </>
      )}
      <dt>Country of origin</dt>
      <dd>{p.countryOfOrigin ?? facts.data?.defaultCountryOfOrigin ?? "India"}</dd>
      <dt>Manufacturer</dt>
      <dd>{p.manufacturer ?? facts.data?.defaultManufacturer ?? "—"}</dd>
      {facts.data && (
        <>
          <dt>Sold by</dt>
          <dd>
            {facts.data.sellerLegalName}, GSTIN {facts.data.sellerGstin}
          </dd>
        </>
      )}
    </dl>
  );
}
