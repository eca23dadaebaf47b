import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SEARCH_SYNONYMS } from "@store/validators";
import { createTestEnv, type TestEnv } from "../testing.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

describe("settings", () => {
  it("defaults to Free, saves a charge in rupees or Free, and reads it back", async () => {
    const limits = {
      maxOpenUnpaidOrders: 10,
      maxOrdersPerHour: 20,
      maxUnitsPerProductPerOrder: 20,
      codEnabled: true,
      codFee: 0,
      codMaxOrderValue: null,
      codBlockedPinCodes: [],
      freeDeliveryAbove: null,
      upiVpa: "",
      upiPayeeName: "CleanStore",
      upiExpiryHours: 24,
      sellerLegalName: "CleanStore Home Care Private Limited",
      sellerAddress: "Plot 12, Hinjewadi Phase 1, Pune, Maharashtra 411057",
      sellerGstin: "27AAACC1234D1ZC",
      invoicePrefix: "CS",
      creditNotePrefix: "CN",
      hsnDigits: 4,
      defaultHsnCode: "3402",
      defaultGstRate: 18,
      defaultCountryOfOrigin: "India",
      defaultManufacturer: "CleanStore Home Care Private Limited",
      grievanceOfficerName: "Priya Deshmukh",
      grievanceOfficerDesignation: "Grievance Officer",
      grievanceOfficerEmail: "grievance@cleanstore.in",
      grievanceOfficerPhone: "+91 20 4000 1234",
      customerCareEmail: "care@cleanstore.in",
      customerCarePhone: "+91 20 4000 1200",
      lowStockThreshold: 10,
      dispatchPincode: "",
      dispatchCutoff: "14:00",
      nonWorkingDays: ["SUN"],
      searchSynonyms: [...DEFAULT_SEARCH_SYNONYMS],
      codConfirmation: "off",
      codConfirmHours: 24,
      guestCheckoutEnabled: true,
      guestCodNeedsOtp: true,
      whatsappEnabled: false,
      reviewsRequirePurchase: true,
    };
    await expect(env.admin.settings.get()).resolves.toEqual({ defaultDeliveryCharge: "Free", ...limits });
    await expect(env.admin.settings.update({ defaultDeliveryCharge: 49.5 })).resolves.toEqual({
      success: true,
      message: "Settings saved.",
      defaultDeliveryCharge: 49.5,
      ...limits,
    });
    await expect(env.admin.settings.get()).resolves.toEqual({ defaultDeliveryCharge: 49.5, ...limits });
    await env.admin.settings.update({ defaultDeliveryCharge: "free" });
    await expect(env.admin.settings.get()).resolves.toEqual({ defaultDeliveryCharge: "Free", ...limits });
  });

  it("keeps the payment settings: COD fee and cap in rupees (paise inside), pin codes as a list, a UPI VPA checked", async () => {
    const saved = await env.admin.settings.update({
      codFee: 29.99,
      codMaxOrderValue: 2500.5,
      codBlockedPinCodes: ["110001", "110001", "400001"],
      upiVpa: "shop@okaxis",
    });
    expect(saved).toMatchObject({ codFee: 29.99, codMaxOrderValue: 2500.5, codBlockedPinCodes: ["110001", "400001"], upiVpa: "shop@okaxis" });
    expect(await env.handle.db.storeSetting.findUnique({ where: { key: "codFee" } })).toEqual({ key: "codFee", value: "2999" });
    await expect(env.admin.settings.update({ codBlockedPinCodes: ["11000"] })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Each blocked pin code must be 6 digits",
    });
    await expect(env.admin.settings.update({ codFee: -1 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(env.admin.settings.update({ upiVpa: "shop@" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(env.admin.settings.update({ codMaxOrderValue: null, upiVpa: "", codBlockedPinCodes: [] })).resolves.toMatchObject({
      codMaxOrderValue: null,
      upiVpa: "",
    });
  });

  it("changes the order limits alone, keeping the rest, and refuses nonsense and an empty change", async () => {
    await env.admin.settings.update({ defaultDeliveryCharge: 40 });
    await expect(env.admin.settings.update({ maxOpenUnpaidOrders: 4 })).resolves.toMatchObject({
      defaultDeliveryCharge: 40,
      maxOpenUnpaidOrders: 4,
      maxOrdersPerHour: 20,
    });
    await expect(env.admin.settings.update({ maxOrdersPerHour: 0 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(env.admin.settings.update({})).rejects.toMatchObject({ code: "BAD_REQUEST", message: "Send at least one setting to change." });
    await env.admin.settings.update({ defaultDeliveryCharge: "Free", maxOpenUnpaidOrders: 10 });
  });

  it("validates the charge", async () => {
    await expect(env.admin.settings.update({ defaultDeliveryCharge: -1 })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Delivery charge cannot be negative",
    });
    await expect(env.admin.settings.update({ defaultDeliveryCharge: 20_000 })).rejects.toMatchObject({ message: "Delivery charge must be at most ₹10,000" });
  });

  it("saves the dispatch cut-off and the days off, and says what is wrong with a bad one", async () => {
    await expect(
      env.admin.settings.update({ dispatchPincode: "411057", dispatchCutoff: "13:30", nonWorkingDays: "sun, 2027-01-26, SUN" }),
    ).resolves.toMatchObject({ dispatchPincode: "411057", dispatchCutoff: "13:30", nonWorkingDays: ["SUN", "2027-01-26"] });
    await expect(env.admin.settings.update({ dispatchCutoff: "2pm" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("24-hour"),
    });
    await expect(env.admin.settings.update({ nonWorkingDays: ["FUNDAY"] })).rejects.toMatchObject({ message: expect.stringContaining("FUNDAY") });
    await expect(env.admin.settings.update({ dispatchPincode: "041105" })).rejects.toMatchObject({ message: "Enter a 6-digit PIN code" });
    await expect(env.admin.settings.get()).resolves.toMatchObject({ dispatchCutoff: "13:30", nonWorkingDays: ["SUN", "2027-01-26"] });
    await env.admin.settings.update({ dispatchPincode: "", dispatchCutoff: "14:00", nonWorkingDays: ["SUN"] });
  });

  it("is admin only", async () => {
    const c = await env.newCustomer();
    await expect(c.caller.settings.get()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(c.caller.settings.update({ defaultDeliveryCharge: 0 })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(env.anonymous.settings.get()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(env.anonymous.settings.update({ defaultDeliveryCharge: 0 })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(env.admin.settings.get()).resolves.not.toEqual({ defaultDeliveryCharge: 0 });
  });
});
