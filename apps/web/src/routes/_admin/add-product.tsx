import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { toast } from "../../lib/toast";
import { emptyProduct, ProductForm } from "../../components/admin/ProductForm";
import { DetailFrame } from "../../components/admin/ReadOnlyFields";
import { Loading } from "../../components/QueryState";
import { errorMessage, fieldErrorsOf, trpc } from "../../lib/trpc";

export const Route = createFileRoute("/_admin/add-product")({
  component: AddProduct,
});

function AddProduct() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  // the store's default delivery charge is prefilled (Settings)
  const settings = trpc.settings.get.useQuery(undefined, { retry: false });
  const save = trpc.products.save.useMutation({
    onSuccess: async (res) => {
      toast.success(res.message);
      await Promise.all([utils.products.invalidate(), utils.stats.invalidate()]);
      await navigate({ to: "/product-management" });
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const charge = settings.data?.defaultDeliveryCharge;
  return (
    <DetailFrame
      title="Add a product"
      back={
        <Link to="/product-management" className="btn secondary">
          Back
        </Link>
      }
    >
      {settings.isPending ? (
        <Loading />
      ) : (
        <ProductForm
          mode="create"
          defaults={{ ...emptyProduct, deliveryCharge: charge === undefined ? "" : String(charge) }}
          busy={save.isPending}
          serverErrors={fieldErrorsOf(save.error)}
          onSubmit={(values) => save.mutate(values)}
        />
      )}
      {save.error && (
        <p className="form-error" role="alert">
          {errorMessage(save.error)}
        </p>
      )}
    </DetailFrame>
  );
}
