// react-hook-form's zodResolver for forms of server-rendered pages, with zod and the shared
// schemas (@store/validators, ~25 KB gzipped) loaded when the form is first focused or
// submitted instead of with the page (issue 7: initial JavaScript).
import type { FieldValues, Resolver } from "react-hook-form";
import type * as Validators from "@store/validators";
import type { zodResolver as zodResolverType } from "@hookform/resolvers/zod";

type Schemas = typeof Validators;

export interface LazyResolver<TInput extends FieldValues, TOutput> extends Resolver<TInput, unknown, TOutput> {
  /** starts loading zod and the schema (call on focus) */
  preload(): void;
}

export function lazyZodResolver<TInput extends FieldValues, TOutput>(
  pick: (schemas: Schemas) => Parameters<typeof zodResolverType>[0],
): LazyResolver<TInput, TOutput> {
  let loading: Promise<Resolver<TInput, unknown, TOutput>> | null = null;
  const load = () =>
    (loading ??= Promise.all([import("@hookform/resolvers/zod"), import("@store/validators")]).then(
      ([{ zodResolver }, schemas]) => zodResolver(pick(schemas)) as unknown as Resolver<TInput, unknown, TOutput>,
    ));
  const resolver = (async (values, context, options) => (await load())(values, context, options)) as LazyResolver<TInput, TOutput>;
  resolver.preload = () => void load();
  return resolver;
}
