import { useNavigate, useRouterState } from "@tanstack/react-router";
import { toast } from "../../lib/toast";
import { clearCustomerSession } from "../../lib/auth";
import { errorCode, errorMessage, trpc } from "../../lib/trpc";
import { useCustomerSession } from "./session";
import { useGuestAddToCart } from "./guest/useGuestCart";

/** Add to Cart: a customer's cart, or, for a shopper not logged in, the guest cart (issue 29); a toast either way. */
export function useAddToCart() {
  const session = useCustomerSession();
  const navigate = useNavigate();
  const href = useRouterState({ select: (s) => s.location.href });
  const utils = trpc.useUtils();
  const guest = useGuestAddToCart();
  const mutation = trpc.cart.save.useMutation({
    onSuccess: (res) => {
      toast.success(res.message);
      void utils.cart.byCustomer.invalidate({ customerId: res.addToCart.customerId });
    },
    onError: (error) => {
      if (errorCode(error) === "UNAUTHORIZED") {
        clearCustomerSession();
        void navigate({ to: "/customerLogin", search: { redirect: href } });
        return;
      }
      toast.error(errorMessage(error));
    },
  });
  /** `variantId`: the pack chosen (issue 25); left out, the server takes a product's only pack */
  const add = (productId: number, quantity = 1, variantId?: number) => {
    if (!session) {
      void guest.add(productId, quantity, variantId).then((taken) => {
        if (taken) return;
        // the owner turned guest checkout off: as before, the login (and back)
        toast.info("Please log in to add items to your cart.");
        void navigate({ to: "/customerLogin", search: { redirect: href } });
      });
      return;
    }
    mutation.mutate({ productId, quantity, ...(variantId ? { variantId } : {}) });
  };
  return { add, pendingId: mutation.isPending ? mutation.variables?.productId : guest.pendingId };
}
