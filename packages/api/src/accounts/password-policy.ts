// A new password: at least 10 characters (packages/validators, so forms say so too) and not one of
// the ~49,000 most common passwords of zxcvbn-ts's list (issue 13). The list stays on the server.
import { dictionary } from "@zxcvbn-ts/language-common";
import { StoreError } from "../platform/errors.ts";

let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

export function assertUncommonPassword(password: string): void {
  if (isCommonPassword(password)) {
    throw new StoreError(400, "BAD_REQUEST", "This password is one of the most common ones and easy to guess. Please choose another.");
  }
}
