// The address book (issue 29, contracts/guest-and-addresses.md): its rules (10 at most, one default,
// the PIN code's state, another customer's is missing), its sync with the profile both ways, and the
// checkout to an address (the order's snapshot, the invoice's buyer GSTIN and place of supply).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gstinCheckCharacter } from "@store/domain";
import { createTestEnv, type TestEnv } from "../../testing.ts";

let env: TestEnv;
const db = () => env.handle.db;
beforeAll(async () => {
  env = await createTestEnv();
  // the few PIN codes these tests use, as the directory has them
  await db().pincode.createMany({
    data: [
      { pincode: "411001", city: "Pune", district: "Pune", stateCode: "27", stateName: "Maharashtra" },
      { pincode: "560001", city: "Bengaluru", district: "Bengaluru", stateCode: "29", stateName: "Karnataka" },
      { pincode: "751001", city: "Bhubaneswar", district: "Khordha", stateCode: "21", stateName: "Odisha" },
    ],
  });
});
afterAll(() => env.close());

const withCheck = (first14: string) => first14 + gstinCheckCharacter(first14);
const KARNATAKA_GSTIN = withCheck("29AAPFU0939F1Z");
const BENGALURU = {
  label: "Work" as const,
  name: "Ravi Kumar",
  phone: "9123456780",
  houseNo: "4th Floor, 22",
  areaAddress: "MG Road",
  landmark: "Opposite the metro",
  city: "Bengaluru",
  pinCode: "560001",
  state: "Karnataka",
};
const refused = (code: string) => expect.objectContaining({ cause: expect.objectContaining({ code }) });
const profileOf = (customerId: number) =>
  db().customer.findUniqueOrThrow({ where: { customerId }, select: { houseNo: true, areaAddress: true, city: true, pinCode: true, state: true, gstin: true } });

describe("registration", () => {
  it("makes the sign-up's address address #1, the default, named and phoned as the account", async () => {
    const c = await env.newCustomer({ firstName: "Meera", lastName: "Iyer" });
    expect(await c.caller.addresses.list()).toEqual([
      {
        addressId: expect.any(Number),
        label: "Home",
        name: "Meera Iyer",
        phone: c.fields.number,
        houseNo: "12B",
        areaAddress: "MG Road",
        landmark: null,
        city: "Pune",
        pinCode: "411001",
        state: "Maharashtra",
        stateCode: "27",
        gstin: null,
        isDefault: true,
      },
    ]);
  });
});

describe("adding", () => {
  it("adds an address that is not the default, label Home when left out, the GSTIN in capitals", async () => {
    const c = await env.newCustomer();
    const { label: _label, ...noLabel } = BENGALURU;
    const added = await c.caller.addresses.add({ ...noLabel, gstin: KARNATAKA_GSTIN.toLowerCase() });
    expect(added).toMatchObject({ ...noLabel, label: "Home", stateCode: "29", gstin: KARNATAKA_GSTIN, isDefault: false });
    const list = await c.caller.addresses.list();
    expect(list.map((a) => [a.isDefault, a.city])).toEqual([
      [true, "Pune"],
      [false, "Bengaluru"],
    ]);
    // the profile still has the default's address
    expect(await profileOf(c.customerId)).toMatchObject({ city: "Pune", pinCode: "411001", gstin: null });
  });

  it("refuses a phone that is no mobile number, a label not in the list, a GSTIN with a wrong check character, a state not the PIN code's", async () => {
    const c = await env.newCustomer();
    await expect(c.caller.addresses.add({ ...BENGALURU, phone: "5123456789" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Enter a 10-digit mobile number starting with 6, 7, 8 or 9",
    });
    await expect(c.caller.addresses.add({ ...BENGALURU, phone: "912345678" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    // @ts-expect-error a label outside Home, Work, Other
    await expect(c.caller.addresses.add({ ...BENGALURU, label: "Office" })).rejects.toMatchObject({ message: "Label must be Home, Work or Other" });
    const wrongCheck = KARNATAKA_GSTIN.slice(0, 14) + (KARNATAKA_GSTIN.endsWith("A") ? "B" : "A");
    await expect(c.caller.addresses.add({ ...BENGALURU, gstin: wrongCheck })).rejects.toMatchObject({ message: expect.stringContaining("check character") });
    await expect(c.caller.addresses.add({ ...BENGALURU, state: "Maharashtra" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "PIN code 560001 is in Karnataka",
    });
    await expect(c.caller.addresses.add({ ...BENGALURU, name: "Ravi\nKumar" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await db().customerAddress.count({ where: { customerId: c.customerId } })).toBe(1);
  });

  it("keeps at most 10: the 11th is 400 TOO_MANY_ADDRESSES", async () => {
    const c = await env.newCustomer();
    for (let i = 2; i <= 10; i++) await c.caller.addresses.add({ ...BENGALURU, houseNo: `House ${i}` });
    await expect(c.caller.addresses.add(BENGALURU)).rejects.toEqual(refused("TOO_MANY_ADDRESSES"));
    await expect(c.caller.addresses.add(BENGALURU)).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("at most 10") });
    expect(await db().customerAddress.count({ where: { customerId: c.customerId } })).toBe(10);
  });

  it("lets parallel adds fill the book to 10 and no further", async () => {
    const c = await env.newCustomer();
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => c.caller.addresses.add({ ...BENGALURU, houseNo: `Flat ${i}` })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(9);
    for (const r of results.filter((x): x is PromiseRejectedResult => x.status === "rejected")) expect(r.reason).toEqual(refused("TOO_MANY_ADDRESSES"));
    expect(await db().customerAddress.count({ where: { customerId: c.customerId } })).toBe(10);
  });

  it("keeps exactly one default when defaults are set and the default deleted at the same time", async () => {
    const c = await env.newCustomer();
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push((await c.caller.addresses.add({ ...BENGALURU, houseNo: `Door ${i}` })).addressId);
    const [home] = await c.caller.addresses.list();
    const results = await Promise.allSettled([
      ...ids.map((addressId) => c.caller.addresses.setDefault({ addressId })),
      c.caller.addresses.remove({ addressId: home!.addressId }),
    ]);
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    const defaults = await db().customerAddress.findMany({ where: { customerId: c.customerId, isDefault: true } });
    expect(defaults).toHaveLength(1);
    expect(await profileOf(c.customerId)).toMatchObject({ houseNo: defaults[0]!.houseNo });
  });

  it("makes the first address the default for an account that has none, and the profile follows it", async () => {
    const c = await env.newCustomer();
    await db().customerAddress.deleteMany({ where: { customerId: c.customerId } });
    const added = await c.caller.addresses.add({ ...BENGALURU, gstin: KARNATAKA_GSTIN });
    expect(added.isDefault).toBe(true);
    expect(await profileOf(c.customerId)).toEqual({
      houseNo: BENGALURU.houseNo,
      areaAddress: "MG Road",
      city: "Bengaluru",
      pinCode: "560001",
      state: "Karnataka",
      gstin: KARNATAKA_GSTIN,
    });
  });
});

describe("changing", () => {
  it("changes only the fields sent, clears landmark and GSTIN with an empty value, and checks the PIN code against the state", async () => {
    const c = await env.newCustomer();
    const { addressId } = await c.caller.addresses.add({ ...BENGALURU, gstin: KARNATAKA_GSTIN });
    expect(await c.caller.addresses.update({ addressId, label: "Other", houseNo: "7" })).toMatchObject({
      ...BENGALURU,
      label: "Other",
      houseNo: "7",
      gstin: KARNATAKA_GSTIN,
    });
    expect(await c.caller.addresses.update({ addressId, landmark: "", gstin: "" })).toMatchObject({ landmark: null, gstin: null, city: "Bengaluru" });
    await expect(c.caller.addresses.update({ addressId, pinCode: "411001" })).rejects.toMatchObject({ message: "PIN code 411001 is in Maharashtra" });
    expect(await c.caller.addresses.update({ addressId, pinCode: "411001", state: "Maharashtra", city: "Pune" })).toMatchObject({
      pinCode: "411001",
      stateCode: "27",
    });
    // a change of an address that is not the default leaves the profile alone
    expect(await profileOf(c.customerId)).toMatchObject({ houseNo: "12B", city: "Pune" });
  });

  it("copies a change of the default address onto the profile", async () => {
    const c = await env.newCustomer();
    const [home] = await c.caller.addresses.list();
    await c.caller.addresses.update({
      addressId: home!.addressId,
      houseNo: "99",
      pinCode: "751001",
      state: "Orissa",
      city: "Bhubaneswar",
      gstin: withCheck("21AAPFU0939F1Z"),
    });
    expect(await profileOf(c.customerId)).toEqual({
      houseNo: "99",
      areaAddress: "MG Road",
      city: "Bhubaneswar",
      pinCode: "751001",
      state: "Orissa",
      gstin: withCheck("21AAPFU0939F1Z"),
    });
  });

  it("moves the default: the old one is unset in the same step, the profile follows, the list shows it first", async () => {
    const c = await env.newCustomer();
    const [home] = await c.caller.addresses.list();
    const work = await c.caller.addresses.add({ ...BENGALURU, gstin: KARNATAKA_GSTIN });
    expect(await c.caller.addresses.setDefault({ addressId: work.addressId })).toMatchObject({ addressId: work.addressId, isDefault: true });
    expect((await c.caller.addresses.list()).map((a) => [a.addressId, a.isDefault])).toEqual([
      [work.addressId, true],
      [home!.addressId, false],
    ]);
    expect(await profileOf(c.customerId)).toMatchObject({ city: "Bengaluru", pinCode: "560001", state: "Karnataka", gstin: KARNATAKA_GSTIN });
    // again, and back: always exactly one default
    await c.caller.addresses.setDefault({ addressId: work.addressId });
    await c.caller.addresses.setDefault({ addressId: home!.addressId });
    expect(await db().customerAddress.count({ where: { customerId: c.customerId, isDefault: true } })).toBe(1);
    expect(await profileOf(c.customerId)).toMatchObject({ city: "Pune", gstin: null });
  });
});

describe("deleting", () => {
  it("deletes an address that is not the default, and nothing else changes", async () => {
    const c = await env.newCustomer();
    const work = await c.caller.addresses.add(BENGALURU);
    expect(await c.caller.addresses.remove({ addressId: work.addressId })).toEqual({ success: true, message: "Address deleted." });
    expect((await c.caller.addresses.list()).map((a) => a.city)).toEqual(["Pune"]);
  });

  it("makes the most recently used remaining address the default when the default goes, else the newest", async () => {
    const c = await env.newCustomer();
    const [home] = await c.caller.addresses.list();
    const used = await c.caller.addresses.add({ ...BENGALURU, houseNo: "Used" });
    const newer = await c.caller.addresses.add({ ...BENGALURU, houseNo: "Newer" });
    const newest = await c.caller.addresses.add({ ...BENGALURU, houseNo: "Newest" });
    await db().customerAddress.update({ where: { addressId: used.addressId }, data: { lastUsedAt: new Date(Date.now() - 86_400_000) } });
    await c.caller.addresses.remove({ addressId: home!.addressId });
    expect((await c.caller.addresses.list())[0]).toMatchObject({ addressId: used.addressId, isDefault: true });
    expect(await profileOf(c.customerId)).toMatchObject({ houseNo: "Used", city: "Bengaluru" });
    // none of the rest was ever used: the newest
    await c.caller.addresses.remove({ addressId: used.addressId });
    expect((await c.caller.addresses.list()).map((a) => [a.addressId, a.isDefault])).toEqual([
      [newest.addressId, true],
      [newer.addressId, false],
    ]);
  });

  it("allows deleting the last address: the book is empty, the profile keeps its fields, a checkout goes to them", async () => {
    const c = await env.newCustomer();
    const [home] = await c.caller.addresses.list();
    await c.caller.addresses.remove({ addressId: home!.addressId });
    expect(await c.caller.addresses.list()).toEqual([]);
    expect(await profileOf(c.customerId)).toMatchObject({ houseNo: "12B", city: "Pune" });
    const productId = await env.newProduct({ productName: "Zz Address Soap" });
    await c.caller.cart.save({ productId });
    const placed = await c.caller.cart.checkout({ paymentMethod: "COD" });
    expect(await db().order.findUniqueOrThrow({ where: { productOrderId: placed.productOrderId } })).toMatchObject({ addressId: null, pinCode: "411001" });
  });
});

describe("whose address", () => {
  it("answers another customer's address as missing (404) and changes nothing; an admin is not a shopper (403)", async () => {
    const a = await env.newCustomer();
    const b = await env.newCustomer();
    const theirs = await a.caller.addresses.add(BENGALURU);
    const missing = { code: "NOT_FOUND", message: `Address ${theirs.addressId} was not found.` };
    await expect(b.caller.addresses.update({ addressId: theirs.addressId, city: "Mysuru" })).rejects.toMatchObject(missing);
    await expect(b.caller.addresses.remove({ addressId: theirs.addressId })).rejects.toMatchObject(missing);
    await expect(b.caller.addresses.setDefault({ addressId: theirs.addressId })).rejects.toMatchObject(missing);
    await expect(b.caller.addresses.remove({ addressId: 2_000_000_000 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const productId = await env.newProduct({ productName: "Zz Address Brush" });
    await b.caller.cart.save({ productId });
    await expect(b.caller.cart.checkout({ addressId: theirs.addressId })).rejects.toMatchObject(missing);
    expect(await db().cartItem.count({ where: { customerId: b.customerId } })).toBe(1);
    await expect(b.caller.offers.cartQuote({ addressId: theirs.addressId })).rejects.toMatchObject(missing);
    expect(await db().customerAddress.findUniqueOrThrow({ where: { addressId: theirs.addressId } })).toMatchObject({ city: "Bengaluru", isDefault: false });
    await expect(env.admin.addresses.list()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(env.anonymous.addresses.add(BENGALURU)).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});

describe("the profile save (POST /customers/update/{customerId})", () => {
  const profile = (c: Awaited<ReturnType<TestEnv["newCustomer"]>>, change: Record<string, unknown>) => {
    const { password: _p, agreeToTerms: _a, ...fields } = c.fields;
    return { ...fields, customerId: c.customerId, ...change };
  };

  it("edits the default address, whose name and phone follow the account's", async () => {
    const c = await env.newCustomer();
    const other = await c.caller.addresses.add(BENGALURU);
    await c.caller.customers.update(profile(c, { firstName: "Asha R", houseNo: "5A", areaAddress: "FC Road", gstin: withCheck("27AAPFU0939F1Z") }));
    const [home, second] = await c.caller.addresses.list();
    expect(home).toMatchObject({
      isDefault: true,
      name: "Asha R Verma",
      phone: c.fields.number,
      houseNo: "5A",
      areaAddress: "FC Road",
      city: "Pune",
      gstin: withCheck("27AAPFU0939F1Z"),
    });
    expect(second).toEqual(other);
    expect(await db().customerAddress.count({ where: { customerId: c.customerId } })).toBe(2);
  });

  it("keeps a default addressed to someone else theirs, and an admin's save edits it the same way", async () => {
    const c = await env.newCustomer();
    const work = await c.caller.addresses.add(BENGALURU);
    await c.caller.addresses.setDefault({ addressId: work.addressId });
    await env.admin.customers.update(
      profile(c, { firstName: "Asha", lastName: "Rao", houseNo: "8", areaAddress: "Brigade Road", city: "Bengaluru", pinCode: "560001", state: "Karnataka" }),
    );
    expect((await c.caller.addresses.list())[0]).toMatchObject({
      addressId: work.addressId,
      name: "Ravi Kumar",
      phone: BENGALURU.phone,
      houseNo: "8",
      areaAddress: "Brigade Road",
      landmark: BENGALURU.landmark,
    });
    expect(await db().customer.findUniqueOrThrow({ where: { customerId: c.customerId } })).toMatchObject({ lastName: "Rao", houseNo: "8", city: "Bengaluru" });
  });

  it("gives an account without addresses its profile's address back as the default", async () => {
    const c = await env.newCustomer();
    await db().customerAddress.deleteMany({ where: { customerId: c.customerId } });
    await c.caller.customers.update(profile(c, { houseNo: "3" }));
    expect(await c.caller.addresses.list()).toMatchObject([{ houseNo: "3", city: "Pune", isDefault: true, label: "Home" }]);
  });
});

describe("checkout to an address", () => {
  const fill = async (c: Awaited<ReturnType<TestEnv["newCustomer"]>>) => {
    const productId = await env.newProduct({ productName: "Zz Address Cleaner", productPrice: 118, deliveryCharge: "Free" });
    await c.caller.cart.save({ productId, quantity: 1 });
  };

  it("takes the order's name, address, PIN code, state, phone and buyer GSTIN from it; the invoice is B2B and IGST to Karnataka", async () => {
    const c = await env.newCustomer();
    const work = await c.caller.addresses.add({ ...BENGALURU, state: "karnataka ", gstin: KARNATAKA_GSTIN });
    await fill(c);
    const placed = await c.caller.cart.checkout({ paymentMethod: "COD", addressId: work.addressId });
    const order = await db().order.findUniqueOrThrow({ where: { productOrderId: placed.productOrderId } });
    expect(order).toMatchObject({
      customerId: c.customerId,
      customerName: "Ravi Kumar",
      phone: BENGALURU.phone,
      email: c.fields.email,
      pinCode: "560001",
      // the PIN code's state, as the directory writes it
      state: "Karnataka",
      addressId: work.addressId,
      buyerGstin: KARNATAKA_GSTIN,
      isGuest: false,
    });
    expect(order.shippingAddress).toBe("4th Floor, 22, MG Road, Opposite the metro, Bengaluru, Karnataka 560001");
    const invoice = await db().invoice.findFirstOrThrow({ where: { invoiceOf: placed.productOrderId } });
    expect(invoice).toMatchObject({ placeOfSupply: "29", interState: true, b2b: true, cgst: 0, sgst: 0 });
    expect(invoice.igst).toBeGreaterThan(0);
    expect(JSON.parse(invoice.document).buyer).toEqual({ name: "Ravi Kumar", address: order.shippingAddress, gstin: KARNATAKA_GSTIN });
    // the address was used now: it would be the next default
    expect((await db().customerAddress.findUniqueOrThrow({ where: { addressId: work.addressId } })).lastUsedAt).toBeInstanceOf(Date);
  });

  it("goes to the default when addressId is left out; no GSTIN on the address, no B2B, even if the account has one elsewhere", async () => {
    const c = await env.newCustomer();
    const [home] = await c.caller.addresses.list();
    await c.caller.addresses.add({ ...BENGALURU, gstin: KARNATAKA_GSTIN });
    await fill(c);
    const placed = await c.caller.cart.checkout({ paymentMethod: "COD" });
    const order = await db().order.findUniqueOrThrow({ where: { productOrderId: placed.productOrderId } });
    expect(order).toMatchObject({ addressId: home!.addressId, pinCode: "411001", state: "Maharashtra", buyerGstin: null });
    expect(await db().invoice.findFirstOrThrow({ where: { invoiceOf: placed.productOrderId } })).toMatchObject({
      placeOfSupply: "27",
      interState: false,
      b2b: false,
    });
    expect((await db().customerAddress.findUniqueOrThrow({ where: { addressId: home!.addressId } })).lastUsedAt).toBeInstanceOf(Date);
  });

  it("takes addressId on POST /productOrder/save too", async () => {
    const c = await env.newCustomer();
    const work = await c.caller.addresses.add(BENGALURU);
    const productId = await env.newProduct({ productName: "Zz Address Mop" });
    const placed = await c.caller.orders.save({ productId, quantity: 1, addressId: work.addressId });
    expect(await db().order.findUniqueOrThrow({ where: { productOrderId: placed.productOrderId } })).toMatchObject({
      addressId: work.addressId,
      pinCode: "560001",
      customerName: "Ravi Kumar",
    });
  });

  it("keeps the customer's GSTIN on the invoice of an order from before the address book (no addressId)", async () => {
    const c = await env.newCustomer();
    const gstin = withCheck("27AAPFU0939F1Z");
    await db().customer.update({ where: { customerId: c.customerId }, data: { gstin } });
    await db().customerAddress.deleteMany({ where: { customerId: c.customerId } });
    await fill(c);
    const placed = await c.caller.cart.checkout({ paymentMethod: "COD" });
    expect(await db().order.findUniqueOrThrow({ where: { productOrderId: placed.productOrderId } })).toMatchObject({ addressId: null });
    expect(await db().invoice.findFirstOrThrow({ where: { invoiceOf: placed.productOrderId } })).toMatchObject({ b2b: true, interState: false });
  });
});

describe("the cart quote to an address", () => {
  it("prices delivery for addressId's PIN code, else the default's", async () => {
    await env.admin.zones.create({ name: "Maharashtra", match: ["27"], fee: 40, etaDaysMin: 1, etaDaysMax: 3, codAllowed: true });
    await env.admin.zones.create({ name: "Karnataka", match: ["29"], fee: 90, etaDaysMin: 2, etaDaysMax: 5, codAllowed: true });
    const c = await env.newCustomer();
    const work = await c.caller.addresses.add(BENGALURU);
    const productId = await env.newProduct({ productName: "Zz Address Wipes", productPrice: 200 });
    await c.caller.cart.save({ productId });
    expect(await c.caller.offers.cartQuote({ paymentMethod: "COD" })).toMatchObject({ deliveryTotal: 40, delivery: { pincode: "411001" } });
    expect(await c.caller.offers.cartQuote({ paymentMethod: "COD", addressId: work.addressId })).toMatchObject({
      deliveryTotal: 90,
      delivery: { pincode: "560001" },
    });
  });
});
