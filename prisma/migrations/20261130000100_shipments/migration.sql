-- Issue 28 (contracts/shipments.md): shipments with their courier, AWB and events; a line's shipmentId
-- (null = its fulfilment is "Awaiting shipment").
-- AlterTable
ALTER TABLE "ProductOrder" ADD COLUMN     "shipmentId" INTEGER;

-- CreateTable
CREATE TABLE "Shipment" (
    "shipmentId" SERIAL NOT NULL,
    "productOrderId" VARCHAR(40) NOT NULL,
    "courier" VARCHAR(20) NOT NULL,
    "courierName" VARCHAR(80) NOT NULL,
    "awb" VARCHAR(40) NOT NULL,
    "trackingUrl" VARCHAR(500),
    "labelUrl" VARCHAR(1000),
    "providerOrderId" VARCHAR(60),
    "providerShipmentId" VARCHAR(60),
    "weightGrams" INTEGER NOT NULL,
    "lengthCm" INTEGER,
    "breadthCm" INTEGER,
    "heightCm" INTEGER,
    "status" VARCHAR(20) NOT NULL DEFAULT 'Created',
    "statusAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expectedDeliveryDate" TIMESTAMP(3),
    "ewayBillNumber" VARCHAR(12),
    "codAmount" INTEGER NOT NULL DEFAULT 0,
    "paymentMethod" VARCHAR(10) NOT NULL,
    "ndrAttempts" INTEGER NOT NULL DEFAULT 0,
    "ndrReason" VARCHAR(300),
    "ndrLastAttemptAt" TIMESTAMP(3),
    "ndrAction" VARCHAR(10),
    "ndrActionAt" TIMESTAMP(3),
    "ndrPreferredDate" TIMESTAMP(3),
    "ndrPhone" VARCHAR(15),
    "ndrAddress" VARCHAR(500),
    "ndrActionBy" VARCHAR(20),
    "lastCourierEventAt" TIMESTAMP(3),
    "lastPolledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Shipment_pkey" PRIMARY KEY ("shipmentId")
);

-- CreateTable
CREATE TABLE "ShipmentEvent" (
    "eventId" SERIAL NOT NULL,
    "shipmentId" INTEGER NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "status" VARCHAR(20),
    "courierStatus" VARCHAR(120),
    "location" VARCHAR(200),
    "remark" VARCHAR(500),
    "source" VARCHAR(10) NOT NULL,
    "dedupKey" VARCHAR(300) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ShipmentEvent_pkey" PRIMARY KEY ("eventId")
);

-- CreateIndex
CREATE INDEX "Shipment_productOrderId_idx" ON "Shipment"("productOrderId");

-- CreateIndex
CREATE INDEX "Shipment_status_createdAt_idx" ON "Shipment"("status", "createdAt");

-- CreateIndex
CREATE INDEX "Shipment_awb_idx" ON "Shipment"("awb");

-- CreateIndex
CREATE UNIQUE INDEX "Shipment_courier_awb_key" ON "Shipment"("courier", "awb");

-- CreateIndex
CREATE UNIQUE INDEX "ShipmentEvent_dedupKey_key" ON "ShipmentEvent"("dedupKey");

-- CreateIndex
CREATE INDEX "ShipmentEvent_shipmentId_at_idx" ON "ShipmentEvent"("shipmentId", "at");

-- CreateIndex
CREATE INDEX "ProductOrder_shipmentId_idx" ON "ProductOrder"("shipmentId");

-- AddForeignKey
ALTER TABLE "ShipmentEvent" ADD CONSTRAINT "ShipmentEvent_shipmentId_fkey" FOREIGN KEY ("shipmentId") REFERENCES "Shipment"("shipmentId") ON DELETE CASCADE ON UPDATE CASCADE;

