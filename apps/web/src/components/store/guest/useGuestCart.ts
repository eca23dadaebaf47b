// The guest cart in the browser (issue 29): its token in localStorage, made on the first Add to cart;
// a token the server no longer knows (30 days unused) is forgotten and a new cart is made.
import { useEffect, useSyncExternalStore } from "react";
import type { PaymentMethod } from "@store/domain";
import { toast } from "../../../lib/toast";
import { errorCode, errorMessage, storeCodeOf, trpc, type RouterOutputs } from "../../../lib/trpc";
import { guestCartToken, onGuestCartChange, saveGuestCartToken } from "./guestStorage";

export type GuestCart = RouterOutputs["guest"]["cart"];
export type GuestLine = GuestCart["lines"][number];

/** The cart token kept in this browser (null on the server and before the first Add to cart). */
export function useGuestCartToken(): string | null {
  return useSyncExternalStore(onGuestCartChange, guestCartToken, () => null);
}

/** The product image of a cart line, as the catalogue names it (the URL changes with the image). */
export const lineImage = (line: Pick<GuestLine, "productId" | "imageHash">) =>
  line.imageHash ? `/images/products/${line.productId}/150/${line.imageHash}.webp` : null;

/** The guest cart with its quote for `paymentMethod` (and `pincode`: the delivery there). */
export function useGuestCart(options: { paymentMethod?: PaymentMethod | null; pincode?: string } = {}) {
  const cartToken = useGuestCartToken();
  const query = trpc.guest.cart.useQuery(
    {
      cartToken: cartToken ?? "",
      ...(options.paymentMethod ? { paymentMethod: options.paymentMethod } : {}),
      ...(options.pincode ? { pincode: options.pincode } : {}),
    },
    {
      enabled: cartToken !== null,
      retry: (count, error) => errorCode(error) !== "NOT_FOUND" && count < 2,
      placeholderData: (previous) => previous,
    },
  );
  // an expired or unknown cart: forget it; the next Add to cart makes a new one
  const gone = query.isError && errorCode(query.error) === "NOT_FOUND" && cartToken !== null;
  useEffect(() => {
    if (gone && guestCartToken() === cartToken) saveGuestCartToken(null);
  }, [gone, cartToken]);
  return { cartToken, query };
}

/** Add to cart for a shopper who is not logged in: the cart is made on the first add. */
export function useGuestAddToCart() {
  const utils = trpc.useUtils();
  const create = trpc.guest.createCart.useMutation();
  const addItem = trpc.guest.addItem.useMutation();
  const newCart = async () => {
    const { cartToken } = await create.mutateAsync();
    saveGuestCartToken(cartToken);
    return cartToken;
  };
  /** false: the store takes no guest orders (GUEST_CHECKOUT_OFF), the shopper must log in */
  const add = async (productId: number, quantity: number, variantId?: number): Promise<boolean> => {
    const item = { productId, quantity, ...(variantId ? { variantId } : {}) };
    try {
      let cartToken = guestCartToken() ?? (await newCart());
      let cart: GuestCart;
      try {
        cart = await addItem.mutateAsync({ cartToken, ...item });
      } catch (error) {
        if (errorCode(error) !== "NOT_FOUND" || !/cart/i.test(errorMessage(error))) throw error;
        // the kept cart expired: a new one
        cartToken = await newCart();
        cart = await addItem.mutateAsync({ cartToken, ...item });
      }
      const line = cart.lines.find((l) => l.productId === productId && (!variantId || l.variantId === variantId));
      toast.success(`${line?.productName ?? "The item"} added to your cart.`);
      utils.guest.cart.setData({ cartToken }, cart);
      await utils.guest.cart.invalidate();
    } catch (error) {
      if (storeCodeOf(error) === "GUEST_CHECKOUT_OFF") return false;
      toast.error(errorMessage(error));
    }
    return true;
  };
  return { add, pending: create.isPending || addItem.isPending, pendingId: addItem.isPending ? addItem.variables?.productId : undefined };
}

/** Change a line's quantity; 0 removes it. */
export function useGuestSetQuantity() {
  const utils = trpc.useUtils();
  return trpc.guest.setItem.useMutation({
    onSuccess: (cart, input) => {
      utils.guest.cart.setData({ cartToken: input.cartToken }, cart);
      return utils.guest.cart.invalidate();
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
}
