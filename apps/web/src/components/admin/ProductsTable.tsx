import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { toast } from "../../lib/toast";
import { formatDelivery, formatINR } from "../../lib/format";
import { errorMessage, trpc, type RouterOutputs } from "../../lib/trpc";
import { ConfirmDialog } from "./ConfirmDialog";
import { PencilIcon, TrashIcon } from "./Icons";
import { ProductPacks } from "./ProductPacks";

type Product = RouterOutputs["products"]["page"]["items"][number];

export function ProductsTable({ products }: { products: Product[] }) {
  const [toDelete, setToDelete] = useState<Product | null>(null);
  const utils = trpc.useUtils();
  const remove = trpc.products.remove.useMutation({
    onSuccess: async () => {
      toast.success(`${toDelete?.productName} deleted.`);
      setToDelete(null);
      await Promise.all([utils.products.invalidate(), utils.stats.invalidate(), utils.cart.invalidate()]);
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  return (
    <>
      <table className="data">
        <thead>
          <tr>
            <th scope="col">Product Id</th>
            <th scope="col">Product Name</th>
            <th scope="col">Quantity</th>
            <th scope="col">Price</th>
            <th scope="col">Pack Size</th>
            <th scope="col">Offer</th>
            <th scope="col">Main Price</th>
            <th scope="col">Details</th>
            <th scope="col">Delivery</th>
            <th scope="col">Image</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {products.map((p) => (
            <tr key={p.productId} data-product-id={p.productId}>
              <td>{p.productId}</td>
              <td>{p.productName}</td>
              <td className="num">{p.quantity}</td>
              <td className="num">{formatINR(p.productPrice)}</td>
              <td>
                <ProductPacks product={p} />
              </td>
              <td>{p.offer || "—"}</td>
              <td className="num">{formatINR(p.mainPrice)}</td>
              <td>
                <span className="clamp" title={p.productInfo}>
                  {p.productInfo}
                </span>
              </td>
              <td>{formatDelivery(p.deliveryCharge)}</td>
              <td>
                {p.productImgThumb ? (
                  <img src={p.productImgThumb} width={100} height={100} alt={p.productName} loading="lazy" className="thumb" />
                ) : (
                  <span className="no-img thumb">No image</span>
                )}
              </td>
              <td className="actions">
                <Link
                  to="/UpdateProducts/$productId"
                  params={{ productId: p.productId }}
                  className="icon-btn"
                  aria-label={`Edit ${p.productName}`}
                  title="Edit"
                >
                  <PencilIcon />
                </Link>
                <button type="button" className="icon-btn danger" aria-label={`Delete ${p.productName}`} title="Delete" onClick={() => setToDelete(p)}>
                  <TrashIcon />
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this product?"
        message={
          toDelete ? `${toDelete.productName} (ID ${toDelete.productId}) will be removed from the store and from every cart. Past orders stay readable.` : ""
        }
        busy={remove.isPending}
        onConfirm={() => toDelete && remove.mutate({ productId: toDelete.productId })}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}
