import { keepPreviousData, useQueryClient, useQuery } from "@tanstack/react-query";
import type { PaymentMethod } from "@store/domain";
import { errorMessage, storeCodeOf, trpc } from "../../lib/trpc";
import { cartSignature, isCouponRefusal, quoteKey, quoteWithFallback, type CartQuote, type QuoteView, type Refusal } from "./cartQuote";

/** A coupon refusal of the server as the field shows it; null for any other failure. */
export function refusalOf(error: unknown): Refusal | null {
  const code = storeCodeOf(error);
  return isCouponRefusal(code) && code ? { code, message: errorMessage(error) } : null;
}

/**
 * The server's quote of the cart for the chosen method and code (undefined: the code remembered on
 * the cart), delivered to the chosen address (null: the default; issue 29). While a new one loads
 * the last one stays on the screen (no layout shift).
 */
export function useCartQuote(
  customerId: number,
  lines: readonly { addToCartId: number; quantity: number }[],
  method: PaymentMethod | null,
  code: string | undefined,
  addressId: number | null = null,
) {
  const { client } = trpc.useUtils();
  const queryClient = useQueryClient();
  const cart = cartSignature(lines);
  const key = (m: PaymentMethod | null, c: string | undefined) =>
    addressId === null ? quoteKey(customerId, cart, m, c) : [...quoteKey(customerId, cart, m, c), addressId];
  const query = useQuery({
    queryKey: key(method, code),
    queryFn: () =>
      method
        ? quoteWithFallback((input) => client.offers.cartQuote.query(addressId === null ? input : { ...input, addressId }), method, code, refusalOf)
        : Promise.reject(new Error("no method")),
    enabled: method !== null,
    placeholderData: keepPreviousData,
  });
  /** After apply/remove: the answer is the quote for (its method, nextCode); the others are asked afresh when shown again. */
  const seed = (nextCode: string, quote: CartQuote) => {
    void queryClient.invalidateQueries({ queryKey: ["offers.cartQuote", customerId], refetchType: "none" });
    // apply/remove price the default address: another address's quote is asked afresh
    if (addressId === null) queryClient.setQueryData<QuoteView>(key(quote.paymentMethod, nextCode), { quote, refusal: null });
  };
  return { query, seed };
}
