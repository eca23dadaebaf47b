// The router's procedure paths, from its type (documented tRPC types only): matrix.ts is typed
// with them, so every procedure has an entry and every entry a procedure.
import type { AnyMutationProcedure, AnyProcedure } from "@trpc/server";
import type { AppRouter } from "@store/api";

type Record_ = Pick<AppRouter, Exclude<keyof AppRouter, `_${string}` | "createCaller">>;
type PathsOf<T, Want, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends AnyProcedure ? (T[K] extends Want ? `${P}${K}` : never) : PathsOf<T[K], Want, `${P}${K}.`>;
}[keyof T & string];

/** "auth.customerLogin", ...: every procedure of the router */
export type ProcedurePath = PathsOf<Record_, AnyProcedure>;
export type MutationPath = PathsOf<Record_, AnyMutationProcedure>;

/** mutations the spec's REST API calls over GET (spec §7): their tRPC type is not the HTTP method's */
export const GET_MUTATIONS = new Set<string>(["products.delete", "cart.update", "cart.delete", "orders.update"] satisfies MutationPath[]);
