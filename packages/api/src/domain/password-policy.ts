// A new password: at least 10 characters (packages/validators, so forms say so too) and not one of
// the ~49,000 most common passwords of zxcvbn-ts's list (issue 13). The list stays on the server.
import { TRPCError } from "@trpc/server";
import { dictionary } from "@zxcvbn-ts/language-common";

let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

export function assertUncommonPassword(password: string): void {
  if (isCommonPassword(password)) {
    throw new TRPCError({ code: "BAD_REQUEST", message: "This password is one of the most common ones and easy to guess. Please choose another." });
  }
}
