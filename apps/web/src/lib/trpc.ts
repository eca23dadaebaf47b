import { createTRPCReact, type CreateTRPCReact } from "@trpc/react-query";
import { createTRPCClient, httpBatchLink, splitLink, TRPCClientError } from "@trpc/client";
import superjson from "superjson";
import type { AppRouter, RouterInputs, RouterOutputs } from "@store/api";
import { authHeader, customerSession } from "./auth";
import { orderTokenHeader } from "../components/store/guest/guestStorage";

/** On the guest pages (/guest/…, and /complaint about a guest's order), a call about an order this browser holds an access token for. */
const readsGuestOrder = (input: unknown) =>
  typeof window !== "undefined" &&
  (window.location.pathname.startsWith("/guest/") || (window.location.pathname === "/complaint" && !customerSession())) &&
  "X-Order-Token" in orderTokenHeader([input]);

export const trpc: CreateTRPCReact<AppRouter, unknown> = createTRPCReact<AppRouter>();
export type { RouterInputs, RouterOutputs };

const links = [
  // issue 29: a guest's order (one this browser holds an access token for) is read with X-Order-Token
  // alone, in its own requests: a login's bearer token would make the server ask whose order it is
  splitLink({
    condition: (op) => readsGuestOrder(op.input),
    true: httpBatchLink({ url: "/api/trpc", transformer: superjson, headers: ({ opList }) => orderTokenHeader(opList.map((op) => op.input)) }),
    false: httpBatchLink({ url: "/api/trpc", transformer: superjson, headers: () => authHeader() }),
  }),
];

export const trpcClient = trpc.createClient({ links });
export type TrpcClient = typeof trpcClient;
/** Plain client for route loaders and guards (outside React). */
export const trpcVanilla = createTRPCClient<AppRouter>({ links });

/** The tRPC error code of a failed call ("UNAUTHORIZED", "CONFLICT", …), if any. */
export function errorCode(error: unknown): string | undefined {
  return error instanceof TRPCClientError ? (error.data as { code?: string } | undefined)?.code : undefined;
}

/** A message a person can read, for any failed call. */
export function errorMessage(error: unknown): string {
  if (error instanceof TRPCClientError) {
    if (!error.data) return "Could not reach the store. Check your connection and try again.";
    return error.message;
  }
  return error instanceof Error ? error.message : "Something went wrong. Please try again.";
}

/** Field → message from a server validation error (BAD_REQUEST from zod). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof TRPCClientError ? ((error.data as { fieldErrors?: Record<string, string> } | undefined)?.fieldErrors ?? {}) : {};
}

/** The machine code of a business refusal (`storeCode`: SKU_TAKEN, LAST_VARIANT, …), if any. */
export function storeCodeOf(error: unknown): string | undefined {
  return error instanceof TRPCClientError ? (error.data as { storeCode?: string } | undefined)?.storeCode : undefined;
}
