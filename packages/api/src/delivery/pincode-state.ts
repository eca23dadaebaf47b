// The PIN code fixes the state (issue 27, contracts/delivery.md): an address whose state is not the
// one its PIN code lies in is refused when it is saved.
import { stateCodeOf } from "@store/domain";
import type { Prisma } from "@store/db";
import { fieldRefusal } from "../catalogue/field-refusal.ts";

type Reader = Pick<Prisma.TransactionClient, "pincode">;

/** "PIN code 400001 is in Maharashtra" on the `state` field when they disagree. */
export async function assertStateMatchesPincode(db: Reader, address: { pincode: string; state: string }): Promise<void> {
  const place = await db.pincode.findUnique({ where: { pincode: address.pincode }, select: { stateCode: true, stateName: true } });
  // the directory may miss a new PIN code: the customer's word stands
  if (!place) return;
  // what people write for the same state: "Orissa" is Odisha, case and spaces do not matter
  const wanted = stateCodeOf(place.stateName) ?? place.stateCode;
  if (stateCodeOf(address.state) === wanted) return;
  throw fieldRefusal("state", `PIN code ${address.pincode} is in ${place.stateName}`);
}
