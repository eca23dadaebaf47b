-- GST (issue 15): HSN code and rate per product (existing products take the defaults 3402 and 18%),
-- Legal Metrology declarations, a buyer's GSTIN, tax invoices and credit notes with their gapless series.
-- AlterTable
ALTER TABLE "Customer" ADD COLUMN     "gstin" VARCHAR(15);

-- AlterTable
ALTER TABLE "Product" ADD COLUMN     "countryOfOrigin" VARCHAR(60),
ADD COLUMN     "gstRate" INTEGER NOT NULL DEFAULT 18,
ADD COLUMN     "hsnCode" VARCHAR(8) NOT NULL DEFAULT '3402',
ADD COLUMN     "manufacturer" VARCHAR(200);

-- CreateTable
CREATE TABLE "Invoice" (
    "number" VARCHAR(16) NOT NULL,
    "kind" VARCHAR(12) NOT NULL,
    "productOrderId" VARCHAR(40) NOT NULL,
    "invoiceOf" VARCHAR(40),
    "creditFor" INTEGER,
    "originalNumber" VARCHAR(16),
    "financialYear" VARCHAR(7) NOT NULL,
    "serial" INTEGER NOT NULL,
    "issuedAt" TIMESTAMP(3) NOT NULL,
    "placeOfSupply" VARCHAR(2) NOT NULL,
    "interState" BOOLEAN NOT NULL,
    "b2b" BOOLEAN NOT NULL DEFAULT false,
    "taxable" INTEGER NOT NULL,
    "cgst" INTEGER NOT NULL,
    "sgst" INTEGER NOT NULL,
    "igst" INTEGER NOT NULL,
    "total" INTEGER NOT NULL,
    "document" TEXT NOT NULL,

    CONSTRAINT "Invoice_pkey" PRIMARY KEY ("number")
);

-- CreateTable
CREATE TABLE "DocumentCounter" (
    "series" VARCHAR(40) NOT NULL,
    "last" INTEGER NOT NULL,

    CONSTRAINT "DocumentCounter_pkey" PRIMARY KEY ("series")
);

-- CreateIndex
CREATE UNIQUE INDEX "Invoice_invoiceOf_key" ON "Invoice"("invoiceOf");

-- CreateIndex
CREATE UNIQUE INDEX "Invoice_creditFor_key" ON "Invoice"("creditFor");

-- CreateIndex
CREATE INDEX "Invoice_issuedAt_idx" ON "Invoice"("issuedAt");

-- CreateIndex
CREATE INDEX "Invoice_productOrderId_idx" ON "Invoice"("productOrderId");

