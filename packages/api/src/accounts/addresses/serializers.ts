// What the address book answers: an address as contracts/guest-and-addresses.md lists its fields.
import { stateCodeOf } from "@store/domain";
import type { CustomerAddressModel } from "@store/db";
import { z } from "zod";

export const addressOutput = z.object({
  addressId: z.number().int(),
  label: z.string().describe("Home, Work or Other"),
  name: z.string().describe("whom the parcel is for"),
  phone: z.string().describe("10 digits, for the courier"),
  houseNo: z.string(),
  areaAddress: z.string(),
  landmark: z.string().nullable(),
  city: z.string(),
  pinCode: z.string(),
  state: z.string(),
  stateCode: z.string().nullable().describe("the state's 2-digit GST code (27 = Maharashtra); null for a name that is no state"),
  gstin: z.string().nullable().describe("a business buyer's GSTIN: an order to this address gets a B2B invoice"),
  isDefault: z.boolean().describe("the checkout's address when none is chosen, and the profile's address"),
});
export type AddressOutput = z.infer<typeof addressOutput>;

export function toAddressOutput(row: CustomerAddressModel): AddressOutput {
  return {
    addressId: row.addressId,
    label: row.label,
    name: row.name,
    phone: row.phone,
    houseNo: row.houseNo,
    areaAddress: row.areaAddress,
    landmark: row.landmark,
    city: row.city,
    pinCode: row.pinCode,
    state: row.state,
    stateCode: stateCodeOf(row.state),
    gstin: row.gstin,
    isDefault: row.isDefault,
  };
}
