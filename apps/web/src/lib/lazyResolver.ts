// react-hook-form's zodResolver for forms of server-rendered pages, with zod and the shared
// schemas (@store/validators, ~25 KB gzipped) loaded when the form is first focused or
// submitted instead of with the page (issue 7: initial JavaScript).
import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import type * as Validators from "@store/validators";

type Schemas = typeof Validators;

export interface LazyResolver<TInput extends FieldValues, TOutput> extends Resolver<TInput, unknown, TOutput> {
  /** starts loading zod and the schema (call on focus) */
  preload(): void;
}

/** The resolver of the schema `pick` chooses, typed by its input (the form's fields) and output (what submit gets). */
export function lazyZodResolver<TInput extends FieldValues, TOutput>(pick: (schemas: Schemas) => z.ZodType<TOutput, TInput>): LazyResolver<TInput, TOutput> {
  let loading: Promise<Resolver<TInput, unknown, TOutput>> | null = null;
  const load = () =>
    (loading ??= Promise.all([import("@hookform/resolvers/zod"), import("@store/validators")]).then(([{ zodResolver }, schemas]) =>
      zodResolver<TInput, unknown, TOutput, z.ZodType<TOutput, TInput>>(pick(schemas)),
    ));
  const resolve: Resolver<TInput, unknown, TOutput> = async (values, context, options) => (await load())(values, context, options);
  return Object.assign(resolve, { preload: () => void load() });
}
