import { Link } from "@tanstack/react-router";
import { createColumnHelper } from "@tanstack/react-table";
import { useState } from "react";
import { toast } from "../../lib/toast";
import { formatDelivery, formatINR } from "../../lib/format";
import { errorMessage, trpc, type RouterOutputs } from "../../lib/trpc";
import { ConfirmDialog } from "./ConfirmDialog";
import { DataTable } from "./DataTable";
import { PencilIcon, TrashIcon } from "./Icons";
import { ProductPacks } from "./ProductPacks";

type Product = RouterOutputs["products"]["page"]["items"][number];

const col = createColumnHelper<Product>();

/** The spec's columns, the actions kept in view. */
function productColumns(onDelete: (p: Product) => void) {
  return [
    col.accessor("productId", { header: "Product Id" }),
    col.accessor("productName", { header: "Product Name" }),
    col.accessor("quantity", { header: "Quantity" }),
    col.accessor("productPrice", { header: "Price", cell: (c) => formatINR(c.getValue()) }),
    col.accessor("packSize", { header: "Pack Size", cell: (c) => <ProductPacks product={c.row.original} /> }),
    col.accessor("offer", { header: "Offer", cell: (c) => c.getValue() || "—" }),
    col.accessor("mainPrice", { header: "Main Price", cell: (c) => formatINR(c.getValue()) }),
    col.accessor("productInfo", {
      header: "Details",
      enableSorting: false,
      cell: (c) => (
        <span className="clamp" title={c.getValue()}>
          {c.getValue()}
        </span>
      ),
    }),
    col.accessor((p) => (p.deliveryCharge === "Free" ? 0 : p.deliveryCharge), {
      id: "deliveryCharge",
      header: "Delivery",
      cell: ({ row }) => formatDelivery(row.original.deliveryCharge),
    }),
    col.display({
      id: "image",
      header: "Image",
      cell: ({ row: { original: p } }) =>
        p.productImgThumb ? (
          <img src={p.productImgThumb} width={100} height={100} alt={p.productName} loading="lazy" className="thumb" />
        ) : (
          <span className="no-img thumb">No image</span>
        ),
    }),
    col.display({
      id: "actions",
      header: "Actions",
      enableHiding: false,
      cell: ({ row: { original: p } }) => (
        <>
          <Link to="/UpdateProducts/$productId" params={{ productId: p.productId }} className="icon-btn" aria-label={`Edit ${p.productName}`} title="Edit">
            <PencilIcon />
          </Link>
          <button type="button" className="icon-btn danger" aria-label={`Delete ${p.productName}`} title="Delete" onClick={() => onDelete(p)}>
            <TrashIcon />
          </button>
        </>
      ),
    }),
  ];
}

const CELL_CLASS = { quantity: "num", productPrice: "num nowrap", mainPrice: "num nowrap", deliveryCharge: "nowrap" };

export function ProductsTable({ products }: { products: Product[] }) {
  const [toDelete, setToDelete] = useState<Product | null>(null);
  const [columns] = useState(() => productColumns(setToDelete));
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
      <DataTable
        screen="products"
        caption="Products"
        data={products}
        columns={columns}
        getRowId={(p) => String(p.productId)}
        rowData={(p) => ({ "data-product-id": p.productId })}
        cellClass={CELL_CLASS}
        sticky={["actions"]}
      />
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
