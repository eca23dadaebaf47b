import { keepPreviousData } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { ExportButton } from "../../components/admin/ExportButton";
import { ListFrame } from "../../components/admin/ListFrame";
import { listRouteSearch, useListSearch } from "../../components/admin/listSearch";
import { ProductsTable } from "../../components/admin/ProductsTable";
import { trpc } from "../../lib/trpc";

export const Route = createFileRoute("/_admin/product-management")({
  ...listRouteSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.trpc.products.page.prefetch(deps);
  },
  component: ProductManagement,
});

function ProductManagement() {
  const { page, search } = useListSearch();
  const query = trpc.products.page.useQuery({ page, search }, { placeholderData: keepPreviousData });
  return (
    <ListFrame
      title="Product Management"
      actions={
        <div className="head-actions">
          <ExportButton kind="products" search={search} />
          <Link to="/import-products" className="btn secondary">
            Import CSV
          </Link>
          <Link to="/add-product" className="btn">
            Add Product
          </Link>
        </div>
      }
      searchLabel="Search products by id, name, details or pack size"
      query={query}
      empty="No Products found."
      ownWrapper
    >
      {(items) => <ProductsTable products={items} />}
    </ListFrame>
  );
}
