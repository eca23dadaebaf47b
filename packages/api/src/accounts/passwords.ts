import os from "node:os";
import { hash, verify } from "@node-rs/argon2";
import pLimit from "p-limit";

/** argon2id with OWASP's minimum recommended cost (19 MiB, 2 passes, 1 lane). */
// algorithm 2 = Algorithm.Argon2id (a const enum, which isolatedModules cannot import)
export const HASH_PARAMS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// At most one hash per CPU core the process may run on (its CPU affinity, e.g. taskset). Each hash holds
// 19 MiB and keeps a core busy; more at once would not log anyone in sooner, but would hold 19 MiB
// more each and take the libuv threads that static files and zlib also need (docs/decisions.md, issue 7: server RSS).
const oneHashPerCore = pLimit(Math.max(1, os.availableParallelism()));

export function hashPassword(password: string): Promise<string> {
  return oneHashPerCore(() => hash(password, HASH_PARAMS));
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await oneHashPerCore(() => verify(hashed, password));
  } catch {
    return false;
  }
}

// Verifying against a real hash when the account does not exist keeps the time of a failed
// login the same either way, so response times do not reveal which phone numbers are customers.
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword("not-a-real-password-just-for-timing");
  await verifyPassword(await dummyHash, password);
  return false;
}
