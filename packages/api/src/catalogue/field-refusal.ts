import { TRPCError } from "@trpc/server";
import { z } from "zod";

/**
 * A 400 naming one input field, in the shape of a validation failure (`errors: [{ field, message }]`
 * on REST), for a rule a use case checks against stored data. The ZodError is made by a parse:
 * zod 4's `new ZodError(...)` is not an `Error`, and tRPC would drop it as the cause.
 */
export function fieldRefusal(field: string, message: string): TRPCError {
  const parsed = z
    .unknown()
    .superRefine((_, ctx) => ctx.addIssue({ code: "custom", path: [field], message }))
    .safeParse(undefined);
  return new TRPCError({ code: "BAD_REQUEST", message, cause: parsed.error });
}
