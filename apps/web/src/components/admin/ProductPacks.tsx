import { trpc, type RouterOutputs } from "../../lib/trpc";

type Listed = RouterOutputs["products"]["page"]["items"][number];

/** Used before Settings answer (the store's default, settings.ts). */
const DEFAULT_LOW_STOCK = 10;

/**
 * A product's packs in the product list (issue 25), each with its stock; a pack at or under the
 * store's low-stock threshold (Settings) is marked, pack by pack; a pack with its own photo shows it.
 */
export function ProductPacks({ product }: { product: Listed }) {
  const settings = trpc.settings.get.useQuery(undefined, { retry: false, staleTime: 5 * 60_000 });
  const threshold = settings.data?.lowStockThreshold ?? DEFAULT_LOW_STOCK;
  return (
    <ul className="product-packs" aria-label={`Packs of ${product.productName}`}>
      {product.variants.map((v) => {
        const low = v.active && v.stock <= threshold;
        return (
          <li key={v.variantId} className={low ? "low-stock" : undefined} data-pack={v.variantId}>
            {v.imageThumb && <img className="pack-thumb" src={v.imageThumb} width={24} height={24} alt={`Photo of the ${v.label} pack`} loading="lazy" />}
            <span>{v.label}</span> <span className="num">{v.stock} in stock</span>
            {low && <strong className="low-stock-flag"> · Low stock</strong>}
            {!v.active && <span className="hint"> · inactive</span>}
          </li>
        );
      })}
    </ul>
  );
}
