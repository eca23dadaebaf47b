// A buyer's messages on WhatsApp and SMS at procedure depth (issue 30, contracts/whatsapp.md "Sending"):
// nothing on WhatsApp while the store has it off or the buyer did not opt in (the SMS as before), one
// outbox row per message in the buyer's language with the SMS kept as its fallback, codes on both
// channels without an opt-in, a guest's checkout box, and the real events: an order placed, a parcel
// picked up, a UPI payment confirmed and its undo, a COD order's code.
// PGlite, or PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formatRupees, WHATSAPP_CATEGORY_OF, type MessageTemplateKind, type WhatsAppKind } from "@store/domain";
import type { OutboxMessageModel } from "@store/db";
import { createTestEnv, type TestEnv } from "../testing.ts";
import { changeConsent } from "../accounts/preferences/consent.ts";
import { loadSettings } from "../back-office/settings.ts";
import { placeOrder } from "../orders/order-placement.ts";
import { prepareShippingStore, shipManually } from "../shipments/shipments-testing.ts";
import { messageDate, queueBuyerMessage, queueOrderMessage, type BuyerMessage } from "./buyer-messages.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  await prepareShippingStore(env);
});
afterAll(() => env.close());
beforeEach(async () => {
  await env.handle.db.messageTemplate.deleteMany({});
  await env.admin.settings.update({ whatsappEnabled: true });
});

const SMS_TEXT: Record<MessageTemplateKind, string> = {
  otp: "{#var#} is your Clean Store code, valid {#var#} minutes. - Clean Store",
  cod_confirm: "Code {#var#} confirms your Clean Store COD order {#var#} of {#var#}.",
  shipped: "Your Clean Store order {#var#} is shipped, AWB {#var#}. Track: {#var#}",
  out_for_delivery: "Order {#var#} (AWB {#var#}) is out for delivery.",
  delivered: "Order {#var#} was delivered.",
  ndr: "We could not deliver order {#var#}. Ask for another attempt: {#var#}",
  grievance_update: "Your Clean Store complaint {#var#} is {#var#}; we resolve it by {#var#}.",
};
const smsTemplate = (kind: MessageTemplateKind) =>
  env.admin.messagingTemplates.create({ channel: "sms", kind, dltTemplateId: "1107161234567890123", senderId: "CLNSTR", text: SMS_TEXT[kind] });
const whatsappTemplate = (kind: WhatsAppKind, params: string[], language: "en" | "hi" = "en") =>
  env.admin.messagingTemplates.create({
    channel: "whatsapp",
    kind,
    name: `${kind}_${language}`,
    language,
    category: WHATSAPP_CATEGORY_OF[kind],
    params: params as never,
  });

/** a customer with the WhatsApp box ticked (or not) and a language */
async function customer(opts: { optIn: boolean; language?: "en" | "hi" }) {
  const c = await env.newCustomer();
  await env.handle.db.$transaction((tx) => changeConsent(tx, c.customerId, { whatsappOptIn: opts.optIn, language: opts.language ?? "en" }, "profile"));
  return c;
}

const send = (msg: BuyerMessage) => env.handle.db.$transaction((tx) => queueBuyerMessage(tx, env.services, msg));
const rowsTo = (phone: string, channel: string) =>
  env.handle.db.outboxMessage.findMany({ where: { recipient: phone, channel }, orderBy: { messageId: "asc" } });

let phoneSerial = 0;
const newPhone = () => `71${String(Date.now() % 10_000_000).padStart(7, "0")}${phoneSerial++ % 10}`;

const SHIPPED_SMS = { kind: "shipped" as const, variables: ["ORD-1", "AWB123", "https://track.example/AWB123"] };
const SHIPPED_VALUES = { productOrderId: "ORD-1", awb: "AWB123", courierName: "Delhivery", trackingUrl: "https://track.example/AWB123" };

describe("queueBuyerMessage", () => {
  it("with whatsappEnabled off nothing goes on WhatsApp, even to an opted-in customer with a template; the SMS goes as before", async () => {
    await env.admin.settings.update({ whatsappEnabled: false });
    await whatsappTemplate("shipped", ["productOrderId", "awb"]);
    await smsTemplate("shipped");
    const c = await customer({ optIn: true });
    expect(await send({ kind: "shipped", to: { customerId: c.customerId }, values: SHIPPED_VALUES, sms: SHIPPED_SMS })).toEqual({ whatsapp: false, sms: true });
    expect(await rowsTo(c.fields.number, "whatsapp")).toEqual([]);
    expect(await rowsTo(c.fields.number, "sms")).toMatchObject([
      { kind: "shipped", status: "queued", variables: JSON.stringify(SHIPPED_SMS.variables), fallbackSms: null },
    ]);
  });

  it("a customer who did not opt in gets no WhatsApp row; the SMS goes as before (skipped without its DLT template)", async () => {
    await whatsappTemplate("shipped", ["productOrderId", "awb"]);
    const c = await customer({ optIn: false });
    expect(await send({ kind: "shipped", to: { customerId: c.customerId }, values: SHIPPED_VALUES, sms: SHIPPED_SMS })).toEqual({
      whatsapp: false,
      sms: false,
    });
    expect(await rowsTo(c.fields.number, "whatsapp")).toEqual([]);
    expect(await rowsTo(c.fields.number, "sms")).toMatchObject([{ kind: "shipped", status: "skipped", lastError: "skipped: no DLT template" }]);
  });

  it("opted in with a template: one WhatsApp row with every field as the worker reads it, no SMS, the SMS kept as its fallback", async () => {
    const t = await whatsappTemplate("shipped", ["customerName", "productOrderId", "awb", "trackingUrl"]);
    await smsTemplate("shipped");
    const c = await customer({ optIn: true });
    const before = Date.now();
    expect(await send({ kind: "shipped", to: { customerId: c.customerId }, values: SHIPPED_VALUES, sms: SHIPPED_SMS })).toEqual({ whatsapp: true, sms: false });
    expect(await rowsTo(c.fields.number, "sms")).toEqual([]);
    const [row] = await rowsTo(c.fields.number, "whatsapp");
    const params = ["Asha", "ORD-1", "AWB123", "https://track.example/AWB123"];
    expect(row).toEqual<OutboxMessageModel>({
      messageId: expect.any(Number) as number,
      channel: "whatsapp",
      kind: "shipped",
      recipient: c.fields.number,
      subject: "WhatsApp: shipped",
      html: "",
      text: `shipped_en (en): ${params.join(" | ")}`,
      attachInvoiceOf: null,
      templateId: t.templateId,
      variables: JSON.stringify(params),
      providerMessageId: null,
      deliveryStatus: null,
      deliveredAt: null,
      readAt: null,
      fallbackSms: JSON.stringify({ kind: "shipped", variables: SHIPPED_SMS.variables }),
      status: "queued",
      attempts: 0,
      lastError: null,
      nextAttemptAt: expect.any(Date) as Date,
      undoKey: null,
      lockedUntil: null,
      createdAt: expect.any(Date) as Date,
      sentAt: null,
    });
    expect(row!.nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row!.nextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("opted in but the kind has no WhatsApp template: the SMS as before, and no WhatsApp row", async () => {
    await smsTemplate("delivered");
    const c = await customer({ optIn: true });
    expect(
      await send({
        kind: "delivered",
        to: { customerId: c.customerId },
        values: { productOrderId: "ORD-2" },
        sms: { kind: "delivered", variables: ["ORD-2"] },
      }),
    ).toEqual({
      whatsapp: false,
      sms: true,
    });
    expect(await rowsTo(c.fields.number, "whatsapp")).toEqual([]);
    expect(await rowsTo(c.fields.number, "sms")).toMatchObject([{ kind: "delivered", status: "queued", text: "Order ORD-2 was delivered." }]);
  });

  it("a Hindi customer gets the hi template, an English one the en template, and a Hindi one the en template when there is no hi one", async () => {
    const en = await whatsappTemplate("delivered", ["customerName", "productOrderId"], "en");
    const hi = await whatsappTemplate("delivered", ["productOrderId"], "hi");
    const hindi = await customer({ optIn: true, language: "hi" });
    const english = await customer({ optIn: true, language: "en" });
    await send({ kind: "delivered", to: { customerId: hindi.customerId }, values: { productOrderId: "ORD-3" } });
    await send({ kind: "delivered", to: { customerId: english.customerId }, values: { productOrderId: "ORD-4" } });
    expect(await rowsTo(hindi.fields.number, "whatsapp")).toMatchObject([
      { templateId: hi.templateId, text: "delivered_hi (hi): ORD-3", variables: '["ORD-3"]' },
    ]);
    expect(await rowsTo(english.fields.number, "whatsapp")).toMatchObject([{ templateId: en.templateId, variables: '["Asha","ORD-4"]' }]);

    await env.admin.messagingTemplates.remove({ templateId: hi.templateId });
    await send({ kind: "delivered", to: { customerId: hindi.customerId }, values: { productOrderId: "ORD-5" } });
    expect((await rowsTo(hindi.fields.number, "whatsapp")).at(-1)).toMatchObject({ templateId: en.templateId, text: "delivered_en (en): Asha | ORD-5" });
  });

  it("a guest's phone gets WhatsApp only with the checkout box ticked; without it the SMS", async () => {
    await whatsappTemplate("delivered", ["productOrderId"]);
    await smsTemplate("delivered");
    const ticked = newPhone();
    const unticked = newPhone();
    const msg = (phone: string, whatsappOptIn: boolean): BuyerMessage => ({
      kind: "delivered",
      to: { phone, whatsappOptIn },
      values: { productOrderId: "ORD-6" },
      sms: { kind: "delivered", variables: ["ORD-6"] },
    });
    expect(await send(msg(ticked, true))).toEqual({ whatsapp: true, sms: false });
    expect(await send(msg(unticked, false))).toEqual({ whatsapp: false, sms: true });
    expect(await rowsTo(ticked, "whatsapp")).toMatchObject([
      { kind: "delivered", variables: '["ORD-6"]', fallbackSms: '{"kind":"delivered","variables":["ORD-6"]}' },
    ]);
    expect(await rowsTo(ticked, "sms")).toEqual([]);
    expect(await rowsTo(unticked, "whatsapp")).toEqual([]);
    expect(await rowsTo(unticked, "sms")).toMatchObject([{ kind: "delivered", status: "queued" }]);
  });
});

describe("codes (AUTHENTICATION kinds)", () => {
  it("a login code goes on WhatsApp without any opt-in and by SMS too, the same code in both", async () => {
    await whatsappTemplate("otp", ["otp"]);
    await smsTemplate("otp");
    const phone = newPhone();
    await env.anonymous.otp.send({ phone, purpose: "LOGIN" });
    const [whatsapp] = await rowsTo(phone, "whatsapp");
    const [sms] = await rowsTo(phone, "sms");
    expect(whatsapp).toMatchObject({ kind: "otp", status: "queued", fallbackSms: null, subject: "WhatsApp: otp" });
    const [code] = JSON.parse(whatsapp!.variables!) as string[];
    expect(code).toMatch(/^\d{6}$/);
    expect(whatsapp!.text).toBe(`otp_en (en): ${code}`);
    expect(sms).toMatchObject({ kind: "otp", status: "queued", variables: JSON.stringify([code, "5"]) });
  });

  it("with whatsappEnabled off a code goes by SMS only", async () => {
    await env.admin.settings.update({ whatsappEnabled: false });
    await whatsappTemplate("otp", ["otp"]);
    await smsTemplate("otp");
    const phone = newPhone();
    await env.anonymous.otp.send({ phone, purpose: "LOGIN" });
    expect(await rowsTo(phone, "whatsapp")).toEqual([]);
    expect(await rowsTo(phone, "sms")).toMatchObject([{ kind: "otp", status: "queued" }]);
  });

  it("a COD order under confirmation by OTP: its cod_confirm code on WhatsApp (name, code, order, amount) and by SMS", async () => {
    await env.admin.settings.update({ codConfirmation: "otp" });
    try {
      await whatsappTemplate("cod_confirm", ["customerName", "otp", "productOrderId", "grandTotal"]);
      await smsTemplate("cod_confirm");
      const c = await customer({ optIn: false });
      const productId = await env.newProduct({ productPrice: 250, mainPrice: 300, quantity: 50 });
      await c.caller.cart.save({ productId, quantity: 1 });
      const { productOrderId } = await c.caller.cart.checkout({ paymentMethod: "COD" });
      const order = await env.handle.db.order.findUniqueOrThrow({ where: { productOrderId } });
      const [whatsapp] = (await rowsTo(order.phone!, "whatsapp")).filter((r) => r.kind === "cod_confirm");
      const [sms] = await rowsTo(order.phone!, "sms");
      const [name, code, id, amount] = JSON.parse(whatsapp!.variables!) as string[];
      expect([name, id, amount]).toEqual(["Asha", productOrderId, formatRupees(order.grandTotal)]);
      expect(sms).toMatchObject({ kind: "cod_confirm", variables: JSON.stringify([code, productOrderId, formatRupees(order.grandTotal)]) });
    } finally {
      await env.admin.settings.update({ codConfirmation: "off" });
    }
  });
});

describe("the events", () => {
  const ORDER_PARAMS = ["customerName", "productOrderId", "grandTotal", "deliverBy"];

  /** an opted-in customer's order of one ₹180 product through the real cart */
  async function orderOf(paymentMethod: "COD" | "UPI", optIn = true) {
    const c = await customer({ optIn });
    const productId = await env.newProduct({ productPrice: 180, mainPrice: 200, quantity: 50 });
    await c.caller.cart.save({ productId, quantity: 2 });
    const { productOrderId } = await c.caller.cart.checkout({ paymentMethod });
    return { ...c, productOrderId };
  }

  it("an order placed through the cart queues order_placed with the name, reference, total in rupees and delivery date", async () => {
    await whatsappTemplate("order_placed", ORDER_PARAMS);
    const c = await orderOf("COD");
    const order = await env.handle.db.order.findUniqueOrThrow({ where: { productOrderId: c.productOrderId } });
    const line = await env.handle.db.productOrder.findFirstOrThrow({ where: { productOrderId: c.productOrderId } });
    const [row] = await rowsTo(c.fields.number, "whatsapp");
    const deliverBy = messageDate(line.deliveryDate);
    expect(deliverBy).toMatch(/^\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}$/);
    // two units of ₹180 and the ₹20 cash-on-delivery fee
    expect(formatRupees(order.grandTotal)).toBe("₹380.00");
    expect(row).toMatchObject({
      kind: "order_placed",
      status: "queued",
      fallbackSms: null,
      variables: JSON.stringify(["Asha", c.productOrderId, "₹380.00", deliverBy]),
    });
    // the one who did not opt in hears only by mail
    const quiet = await orderOf("COD", false);
    expect(await rowsTo(quiet.fields.number, "whatsapp")).toEqual([]);
  });

  it("a guest's order keeps the checkout box on the order, and its later messages go to the guest's phone by it", async () => {
    await whatsappTemplate("order_placed", ORDER_PARAMS);
    await whatsappTemplate("delivered", ["customerName", "productOrderId"]);
    const productId = await env.newProduct({ productPrice: 120, mainPrice: 150, quantity: 50 });
    const { variantId } = await env.handle.db.productVariant.findFirstOrThrow({ where: { productId }, select: { variantId: true } });
    const settings = await loadSettings(env.handle.db);
    const guestOrder = (phone: string, whatsappOptIn: boolean) =>
      env.handle.db.$transaction((tx) =>
        placeOrder(
          tx,
          {
            customerId: 0,
            isGuest: true,
            name: "Ravi Kumar",
            phone,
            email: `ravi.${phone}@example.in`,
            houseNo: "4A",
            areaAddress: "FC Road",
            landmark: null,
            city: "Pune",
            pinCode: "411004",
            state: "Maharashtra",
            gstin: null,
            addressId: null,
            whatsappOptIn,
          },
          [{ productId, variantId, quantity: 1 }],
          "UPI",
          settings,
          env.services.mail,
        ),
      );
    const ticked = newPhone();
    const unticked = newPhone();
    const placed = await guestOrder(ticked, true);
    const notPlaced = await guestOrder(unticked, false);
    expect(await env.handle.db.order.findUniqueOrThrow({ where: { productOrderId: placed.productOrderId } })).toMatchObject({ whatsappOptIn: true });
    expect(await rowsTo(ticked, "whatsapp")).toMatchObject([{ kind: "order_placed", variables: expect.stringMatching(/^\["Ravi",/) as unknown }]);
    expect(await rowsTo(unticked, "whatsapp")).toEqual([]);

    await env.handle.db.$transaction((tx) => queueOrderMessage(tx, env.services, placed.productOrderId, { kind: "delivered", values: {} }));
    await env.handle.db.$transaction((tx) => queueOrderMessage(tx, env.services, notPlaced.productOrderId, { kind: "delivered", values: {} }));
    expect((await rowsTo(ticked, "whatsapp")).at(-1)).toMatchObject({ kind: "delivered", variables: JSON.stringify(["Ravi", placed.productOrderId]) });
    expect(await rowsTo(unticked, "whatsapp")).toEqual([]);
  });

  it("a parcel picked up queues shipped (AWB, courier, tracking link), with the SMS as its fallback instead of sending it", async () => {
    await whatsappTemplate("shipped", ["productOrderId", "awb", "courierName", "trackingUrl", "deliverBy"]);
    await smsTemplate("shipped");
    const c = await orderOf("COD");
    const box = await shipManually(env, c.productOrderId);
    await env.admin.tracking.addEvent({ shipmentId: box.shipmentId, status: "Picked up", location: "Pune" });
    const shipped = (await rowsTo(c.fields.number, "whatsapp")).filter((r) => r.kind === "shipped");
    expect(shipped).toHaveLength(1);
    const [id, awb, courier, url, deliverBy] = JSON.parse(shipped[0]!.variables!) as string[];
    expect([id, awb, courier]).toEqual([c.productOrderId, box.awb, "Delhivery Surface"]);
    expect(url).toMatch(/^https?:\/\/\S+$/);
    expect(deliverBy).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect(JSON.parse(shipped[0]!.fallbackSms!)).toEqual({ kind: "shipped", variables: [c.productOrderId, box.awb, url] });
    expect(await rowsTo(c.fields.number, "sms")).toEqual([]);
    // the mail still goes beside it
    expect(
      await env.handle.db.outboxMessage.count({ where: { channel: "email", kind: "shipment-update", subject: { contains: c.productOrderId } } }),
    ).toBeGreaterThan(0);
  });

  it("a refund paid back queues refund_issued with the amount in rupees", async () => {
    await whatsappTemplate("refund_issued", ["productOrderId", "refundAmount"]);
    const c = await orderOf("COD");
    const [line] = await env.handle.db.productOrder.findMany({ where: { productOrderId: c.productOrderId } });
    await env.admin.orders.updateStatus({ orderId: line!.orderId, orderStatus: "Completed" });
    await c.caller.orders.requestReturn({ orderId: line!.orderId, reason: "Damaged product" });
    await env.admin.orders.decideReturn({ orderId: line!.orderId, returnStatus: "Approved" });
    const refund = await env.handle.db.refund.findUniqueOrThrow({ where: { orderId: line!.orderId } });
    expect((await rowsTo(c.fields.number, "whatsapp")).filter((r) => r.kind === "refund_issued")).toEqual([]);
    await env.admin.payments.recordRefund({ productOrderId: c.productOrderId, refundId: refund.refundId, reference: "NEFT-HDFC-0042" });
    const issued = (await rowsTo(c.fields.number, "whatsapp")).filter((r) => r.kind === "refund_issued");
    expect(issued).toMatchObject([{ status: "queued", variables: JSON.stringify([c.productOrderId, formatRupees(refund.amount)]) }]);
    expect(formatRupees(refund.amount)).toMatch(/^₹\d{3}\.00$/);
  });

  it("a UPI payment confirmed queues payment_confirmed held like its mail, and undoing the confirmation cancels both", async () => {
    await whatsappTemplate("payment_confirmed", ["productOrderId", "grandTotal"]);
    const c = await orderOf("UPI");
    await c.caller.payments.submitUtr({ productOrderId: c.productOrderId, utr: `8${String(Date.now()).slice(-11)}` });
    const confirmed = await env.admin.payments.confirm({ productOrderId: c.productOrderId });
    const [row] = (await rowsTo(c.fields.number, "whatsapp")).filter((r) => r.kind === "payment_confirmed");
    const mail = await env.handle.db.outboxMessage.findFirstOrThrow({ where: { recipient: c.fields.email, kind: "payment-confirmed" } });
    expect(row).toMatchObject({
      status: "queued",
      undoKey: `payment-confirmed:${c.productOrderId}`,
      nextAttemptAt: confirmed.undoUntil,
      variables: JSON.stringify([c.productOrderId, "₹360.00"]),
    });
    expect(mail).toMatchObject({ undoKey: row!.undoKey, nextAttemptAt: confirmed.undoUntil });

    await env.admin.payments.undoConfirm({ productOrderId: c.productOrderId });
    const after = await env.handle.db.outboxMessage.findMany({ where: { messageId: { in: [row!.messageId, mail.messageId] } }, orderBy: { messageId: "asc" } });
    expect(after.map((m) => m.status)).toEqual(["cancelled", "cancelled"]);
  });
});

describe("messageDate", () => {
  it("names the day in India's time, with a three-letter month", () => {
    expect(messageDate(new Date("2026-11-27T20:00:00Z"))).toBe("28 Nov 2026");
    expect(messageDate(new Date("2026-09-01T06:00:00Z"))).toBe("1 Sep 2026");
  });
});
