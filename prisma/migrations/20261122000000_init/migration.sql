-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "Customer" (
    "customerId" SERIAL NOT NULL,
    "firstName" VARCHAR(60) NOT NULL,
    "lastName" VARCHAR(60) NOT NULL,
    "number" VARCHAR(10) NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "houseNo" VARCHAR(100) NOT NULL,
    "city" VARCHAR(80) NOT NULL,
    "pinCode" VARCHAR(6) NOT NULL,
    "state" VARCHAR(80) NOT NULL,
    "areaAddress" VARCHAR(200) NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "customerStatus" BOOLEAN NOT NULL DEFAULT true,
    "agreeToTerms" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Customer_pkey" PRIMARY KEY ("customerId")
);

-- CreateTable
CREATE TABLE "Admin" (
    "adminId" SERIAL NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "phone" VARCHAR(10),
    "passwordHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Admin_pkey" PRIMARY KEY ("adminId")
);

-- CreateTable
CREATE TABLE "Product" (
    "productId" SERIAL NOT NULL,
    "productName" VARCHAR(120) NOT NULL,
    "productPrice" INTEGER NOT NULL,
    "mainPrice" INTEGER NOT NULL,
    "offer" VARCHAR(60) NOT NULL DEFAULT '',
    "packSize" VARCHAR(40) NOT NULL,
    "productInfo" VARCHAR(2000) NOT NULL,
    "category" VARCHAR(60) NOT NULL DEFAULT 'General',
    "deliveryCharge" INTEGER,
    "quantity" INTEGER NOT NULL DEFAULT 0,
    "productImgName" VARCHAR(200),
    "imageHash" VARCHAR(16),
    "deletedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Product_pkey" PRIMARY KEY ("productId")
);

-- CreateTable
CREATE TABLE "ProductImage" (
    "productId" INTEGER NOT NULL,
    "size" INTEGER NOT NULL,
    "data" TEXT NOT NULL,
    "hash" VARCHAR(16) NOT NULL,

    CONSTRAINT "ProductImage_pkey" PRIMARY KEY ("productId","size")
);

-- CreateTable
CREATE TABLE "CartItem" (
    "addToCartId" SERIAL NOT NULL,
    "customerId" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL,
    "addToCartDateTime" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CartItem_pkey" PRIMARY KEY ("addToCartId")
);

-- CreateTable
CREATE TABLE "OrderReference" (
    "id" SERIAL NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OrderReference_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProductOrder" (
    "orderId" SERIAL NOT NULL,
    "productOrderId" VARCHAR(40) NOT NULL,
    "customerId" INTEGER NOT NULL,
    "customerName" VARCHAR(121) NOT NULL,
    "shippingAddress" VARCHAR(500) NOT NULL,
    "productId" INTEGER NOT NULL,
    "productName" VARCHAR(120) NOT NULL,
    "productPrice" INTEGER NOT NULL,
    "deliveryCharge" INTEGER NOT NULL DEFAULT 0,
    "orderTotalPrice" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL,
    "paymentStatus" VARCHAR(20) NOT NULL DEFAULT 'Pending',
    "returnStatus" VARCHAR(20) NOT NULL DEFAULT 'Pending',
    "returnReason" VARCHAR(40),
    "returnRequestedAt" TIMESTAMP(3),
    "orderStatus" VARCHAR(20) NOT NULL DEFAULT 'Shipped',
    "deliveryDate" TIMESTAMP(3) NOT NULL,
    "startDate" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "endDate" TIMESTAMP(3),
    "orderAddDateTime" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ProductOrder_pkey" PRIMARY KEY ("orderId")
);

-- CreateTable
CREATE TABLE "StoreSetting" (
    "key" VARCHAR(60) NOT NULL,
    "value" VARCHAR(200) NOT NULL,

    CONSTRAINT "StoreSetting_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "Customer_number_key" ON "Customer"("number");

-- CreateIndex
CREATE UNIQUE INDEX "Customer_email_key" ON "Customer"("email");

-- CreateIndex
CREATE INDEX "Customer_createdAt_idx" ON "Customer"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Admin_email_key" ON "Admin"("email");

-- CreateIndex
CREATE UNIQUE INDEX "Admin_phone_key" ON "Admin"("phone");

-- CreateIndex
CREATE INDEX "Product_deletedAt_createdAt_idx" ON "Product"("deletedAt", "createdAt");

-- CreateIndex
CREATE INDEX "Product_category_idx" ON "Product"("category");

-- CreateIndex
CREATE INDEX "CartItem_addToCartDateTime_idx" ON "CartItem"("addToCartDateTime");

-- CreateIndex
CREATE INDEX "CartItem_productId_idx" ON "CartItem"("productId");

-- CreateIndex
CREATE UNIQUE INDEX "CartItem_customerId_productId_key" ON "CartItem"("customerId", "productId");

-- CreateIndex
CREATE INDEX "ProductOrder_customerId_orderAddDateTime_idx" ON "ProductOrder"("customerId", "orderAddDateTime");

-- CreateIndex
CREATE INDEX "ProductOrder_orderStatus_orderAddDateTime_idx" ON "ProductOrder"("orderStatus", "orderAddDateTime");

-- CreateIndex
CREATE INDEX "ProductOrder_orderAddDateTime_idx" ON "ProductOrder"("orderAddDateTime");

-- CreateIndex
CREATE INDEX "ProductOrder_productOrderId_idx" ON "ProductOrder"("productOrderId");

-- CreateIndex
CREATE INDEX "ProductOrder_productId_orderAddDateTime_idx" ON "ProductOrder"("productId", "orderAddDateTime");

-- AddForeignKey
ALTER TABLE "ProductImage" ADD CONSTRAINT "ProductImage_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("productId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CartItem" ADD CONSTRAINT "CartItem_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("customerId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CartItem" ADD CONSTRAINT "CartItem_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("productId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductOrder" ADD CONSTRAINT "ProductOrder_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("productId") ON DELETE RESTRICT ON UPDATE CASCADE;

