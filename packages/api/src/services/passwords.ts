import { hash, verify } from "@node-rs/argon2";

/** argon2id with OWASP's minimum recommended cost (19 MiB, 2 passes, 1 lane). */
// algorithm 2 = Algorithm.Argon2id (a const enum, which isolatedModules cannot import)
export const HASH_PARAMS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, HASH_PARAMS);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
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
