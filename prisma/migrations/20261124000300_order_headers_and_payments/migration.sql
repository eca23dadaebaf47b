-- One checkout = one order (issue 14): an Order header per order reference holding the delivery
-- address, the totals and the payment; its lines stay the ProductOrder rows. Payment history,
-- refunds and the gateway's handled webhook events get their own tables.
-- AlterTable
ALTER TABLE "ProductOrder" ALTER COLUMN "paymentStatus" SET DATA TYPE VARCHAR(30);

-- AlterTable
ALTER TABLE "StoreSetting" ALTER COLUMN "value" SET DATA TYPE TEXT;

-- CreateTable
CREATE TABLE "Order" (
    "productOrderId" VARCHAR(40) NOT NULL,
    "customerId" INTEGER NOT NULL,
    "customerName" VARCHAR(121) NOT NULL,
    "shippingAddress" VARCHAR(500) NOT NULL,
    "pinCode" VARCHAR(6) NOT NULL,
    "state" VARCHAR(80) NOT NULL,
    "itemsTotal" INTEGER NOT NULL,
    "deliveryTotal" INTEGER NOT NULL,
    "codFee" INTEGER NOT NULL DEFAULT 0,
    "grandTotal" INTEGER NOT NULL,
    "paymentMethod" VARCHAR(10) NOT NULL DEFAULT 'COD',
    "paymentStatus" VARCHAR(30) NOT NULL DEFAULT 'Pending',
    "paymentNote" VARCHAR(300),
    "paymentFlag" VARCHAR(300),
    "utr" VARCHAR(12),
    "providerOrderId" VARCHAR(60),
    "providerPaymentId" VARCHAR(60),
    "refundedTotal" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Order_pkey" PRIMARY KEY ("productOrderId")
);

-- CreateTable
CREATE TABLE "PaymentEvent" (
    "id" SERIAL NOT NULL,
    "productOrderId" VARCHAR(40) NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor" VARCHAR(80) NOT NULL,
    "fromStatus" VARCHAR(30) NOT NULL,
    "toStatus" VARCHAR(30) NOT NULL,
    "reason" VARCHAR(300),

    CONSTRAINT "PaymentEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Refund" (
    "refundId" SERIAL NOT NULL,
    "productOrderId" VARCHAR(40) NOT NULL,
    "orderId" INTEGER,
    "amount" INTEGER NOT NULL,
    "status" VARCHAR(20) NOT NULL DEFAULT 'Pending',
    "reason" VARCHAR(120) NOT NULL,
    "reference" VARCHAR(100),
    "providerRefundId" VARCHAR(60),
    "error" VARCHAR(300),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processedAt" TIMESTAMP(3),

    CONSTRAINT "Refund_pkey" PRIMARY KEY ("refundId")
);

-- CreateTable
CREATE TABLE "WebhookEvent" (
    "eventId" VARCHAR(120) NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookEvent_pkey" PRIMARY KEY ("eventId")
);


-- Existing orders become headers: their lines' totals, paid when every line was paid, cash on delivery.
INSERT INTO "Order" ("productOrderId", "customerId", "customerName", "shippingAddress", "pinCode", "state",
  "itemsTotal", "deliveryTotal", "grandTotal", "paymentMethod", "paymentStatus", "createdAt", "updatedAt")
SELECT o."productOrderId", min(o."customerId"), min(o."customerName"), min(o."shippingAddress"),
  COALESCE(min(c."pinCode"), ''), COALESCE(min(c.state), ''),
  sum(o."productPrice" * o.quantity), sum(o."deliveryCharge"), sum(o."orderTotalPrice"), 'COD',
  CASE WHEN bool_and(o."paymentStatus" = 'Paid') THEN 'Paid' ELSE 'Pending' END,
  min(o."orderAddDateTime"), max(o."updatedAt")
FROM "ProductOrder" o LEFT JOIN "Customer" c ON c."customerId" = o."customerId"
GROUP BY o."productOrderId";

-- CreateIndex
CREATE UNIQUE INDEX "Order_utr_key" ON "Order"("utr");

-- CreateIndex
CREATE UNIQUE INDEX "Order_providerOrderId_key" ON "Order"("providerOrderId");

-- CreateIndex
CREATE INDEX "Order_customerId_createdAt_idx" ON "Order"("customerId", "createdAt");

-- CreateIndex
CREATE INDEX "Order_paymentStatus_paymentMethod_idx" ON "Order"("paymentStatus", "paymentMethod");

-- CreateIndex
CREATE INDEX "Order_expiresAt_idx" ON "Order"("expiresAt");

-- CreateIndex
CREATE INDEX "PaymentEvent_productOrderId_at_idx" ON "PaymentEvent"("productOrderId", "at");

-- CreateIndex
CREATE UNIQUE INDEX "Refund_orderId_key" ON "Refund"("orderId");

-- CreateIndex
CREATE INDEX "Refund_productOrderId_idx" ON "Refund"("productOrderId");

-- CreateIndex
CREATE INDEX "Refund_status_idx" ON "Refund"("status");

-- AddForeignKey
ALTER TABLE "ProductOrder" ADD CONSTRAINT "ProductOrder_productOrderId_fkey" FOREIGN KEY ("productOrderId") REFERENCES "Order"("productOrderId") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PaymentEvent" ADD CONSTRAINT "PaymentEvent_productOrderId_fkey" FOREIGN KEY ("productOrderId") REFERENCES "Order"("productOrderId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Refund" ADD CONSTRAINT "Refund_productOrderId_fkey" FOREIGN KEY ("productOrderId") REFERENCES "Order"("productOrderId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Refund" ADD CONSTRAINT "Refund_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "ProductOrder"("orderId") ON DELETE RESTRICT ON UPDATE CASCADE;

