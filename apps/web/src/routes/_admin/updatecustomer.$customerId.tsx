import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { toast } from "../../lib/toast";
import { CustomerForm } from "../../components/admin/CustomerForm";
import { idParams } from "../../components/admin/listSearch";
import { InvalidId } from "../../components/admin/OrdersTable";
import { DetailFrame } from "../../components/admin/ReadOnlyFields";
import { PhoneVerified } from "../../components/admin/messaging/PhoneVerified";
import { QueryState } from "../../components/QueryState";
import { errorMessage, fieldErrorsOf, trpc } from "../../lib/trpc";

export const Route = createFileRoute("/_admin/updatecustomer/$customerId")({
  params: idParams("customerId"),
  component: UpdateCustomer,
});

function UpdateCustomer() {
  const { customerId } = Route.useParams();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const query = trpc.customers.details.useQuery({ customerId: customerId ?? 0 }, { enabled: customerId !== null });
  const update = trpc.customers.update.useMutation({
    onSuccess: async (res) => {
      toast.success(res.message);
      await utils.customers.invalidate();
      await navigate({ to: "/customer-management" });
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  if (customerId === null) return <InvalidId title="Update a customer" what="customer id" />;
  return (
    <DetailFrame
      title="Update a customer"
      back={
        <Link to="/customer-management" className="btn secondary">
          Back
        </Link>
      }
    >
      <QueryState query={query}>
        {(customer) => (
          <>
            <p className="customer-intro">
              Customer ID <strong>{customer.customerId}</strong>
              <PhoneVerified verified={customer.phoneVerified} at={customer.phoneVerifiedAt} long />
            </p>
            <CustomerForm
              customer={customer}
              busy={update.isPending}
              serverErrors={fieldErrorsOf(update.error)}
              onSubmit={(values) => update.mutate({ ...values, customerId })}
            />
            {update.error && (
              <p className="form-error" role="alert">
                {errorMessage(update.error)}
              </p>
            )}
          </>
        )}
      </QueryState>
    </DetailFrame>
  );
}
