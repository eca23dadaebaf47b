-- Issue 24: the owner names an HSN code once; the GST summary describes its rows by these names.
CREATE TABLE "HsnName" (
    "hsnCode" VARCHAR(8) NOT NULL,
    "description" VARCHAR(200) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "HsnName_pkey" PRIMARY KEY ("hsnCode")
);

-- The back office's order list: one row per order, newest first.
CREATE INDEX "Order_createdAt_idx" ON "Order"("createdAt");
