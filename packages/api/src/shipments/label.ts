// A shipment's label PDF (GET /shipments/{shipmentId}/label.pdf, admin): for `manual` the store draws
// it (label-pdf.ts) from the shipment, its order, the lines in the box and the seller in Settings; an
// adapter's shipment gets the courier's own label, whose barcode the courier's hub scans.
import type { Db } from "@store/db";
import { loadSettings } from "../back-office/settings.ts";
import type { Services } from "../context.ts";
import { StoreError } from "../platform/errors.ts";
import { CourierError } from "./couriers/port.ts";
import { renderShipmentLabel } from "./label-pdf.ts";

export async function shipmentLabelPdf(db: Db, services: Services, shipmentId: number): Promise<{ filename: string; pdf: Buffer }> {
  const shipment = await db.shipment.findUnique({ where: { shipmentId } });
  if (!shipment) throw new StoreError(404, "NOT_FOUND", `Shipment ${shipmentId} was not found.`);
  const filename = `label-${shipment.awb}`;
  if (shipment.courier === "manual") return { filename, pdf: await manualLabel(db, shipment) };

  const adapter = shipment.courier === "shiprocket" ? services.couriers.shiprocket : null;
  if (!adapter) throw new StoreError(400, "COURIER_NOT_CONFIGURED", `The courier ${shipment.courier} is not configured, so its label cannot be fetched.`);
  let pdf: Buffer | null;
  try {
    pdf = await adapter.label({ awb: shipment.awb, providerShipmentId: shipment.providerShipmentId, labelUrl: shipment.labelUrl });
  } catch (error) {
    if (error instanceof CourierError) throw new StoreError(502, "COURIER_ERROR", `The courier could not give the label: ${error.message}`, { cause: error });
    throw error;
  }
  if (!pdf) throw new StoreError(404, "NOT_FOUND", `The courier has no label for shipment ${shipmentId} yet.`);
  return { filename, pdf };
}

type ShipmentRow = NonNullable<Awaited<ReturnType<Db["shipment"]["findUnique"]>>>;

async function manualLabel(db: Db, shipment: ShipmentRow): Promise<Buffer> {
  const [order, lines, settings] = await Promise.all([
    db.order.findUnique({
      where: { productOrderId: shipment.productOrderId },
      select: { customerId: true, customerName: true, shippingAddress: true, pinCode: true, state: true },
    }),
    db.productOrder.findMany({
      where: { shipmentId: shipment.shipmentId },
      select: { productName: true, label: true, quantity: true },
      orderBy: { orderId: "asc" },
    }),
    loadSettings(db),
  ]);
  if (!order) throw new StoreError(404, "NOT_FOUND", `Order ${shipment.productOrderId} was not found.`);
  // the order keeps no phone of its own; the customer's (which may since have left) is the one the courier calls
  const customer = await db.customer.findUnique({ where: { customerId: order.customerId }, select: { number: true } });
  return renderShipmentLabel({
    courierName: shipment.courierName,
    awb: shipment.awb,
    productOrderId: shipment.productOrderId,
    date: shipment.createdAt,
    shipTo: { name: order.customerName, address: order.shippingAddress, state: order.state, pinCode: order.pinCode, phone: customer?.number ?? null },
    from: { name: settings.sellerLegalName, address: settings.sellerAddress, phone: settings.customerCarePhone || null },
    lines: lines.map((l) => ({ name: l.productName, pack: l.label, quantity: l.quantity })),
    weightGrams: shipment.weightGrams,
    dimensionsCm:
      shipment.lengthCm && shipment.breadthCm && shipment.heightCm
        ? { length: shipment.lengthCm, breadth: shipment.breadthCm, height: shipment.heightCm }
        : null,
    codAmountPaise: shipment.codAmount,
    ewayBillNumber: shipment.ewayBillNumber,
  });
}
