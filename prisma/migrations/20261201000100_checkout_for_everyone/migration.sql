-- Issue 29 (contracts/guest-and-addresses.md, otp-and-sms.md): the address book, guest carts and orders, OTPs,
-- COD confirmation, SMS templates.
-- AlterTable
ALTER TABLE "Customer" ADD COLUMN     "phoneVerified" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "phoneVerifiedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "accessTokenHash" VARCHAR(64),
ADD COLUMN     "addressId" INTEGER,
ADD COLUMN     "buyerGstin" VARCHAR(15),
ADD COLUMN     "codConfirmBy" TIMESTAMP(3),
ADD COLUMN     "codConfirmNote" VARCHAR(300),
ADD COLUMN     "codConfirmation" VARCHAR(10),
ADD COLUMN     "codConfirmedAt" TIMESTAMP(3),
ADD COLUMN     "codConfirmedBy" VARCHAR(60),
ADD COLUMN     "email" VARCHAR(254),
ADD COLUMN     "isGuest" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "phone" VARCHAR(10);

-- AlterTable
ALTER TABLE "OutboxMessage" ADD COLUMN     "providerMessageId" VARCHAR(120),
ADD COLUMN     "templateId" INTEGER,
ADD COLUMN     "variables" TEXT;

-- AlterTable
ALTER TABLE "CouponUse" ADD COLUMN     "phone" VARCHAR(10);

-- CreateTable
CREATE TABLE "CustomerAddress" (
    "addressId" SERIAL NOT NULL,
    "customerId" INTEGER NOT NULL,
    "label" VARCHAR(10) NOT NULL DEFAULT 'Home',
    "name" VARCHAR(121) NOT NULL,
    "phone" VARCHAR(10) NOT NULL,
    "houseNo" VARCHAR(100) NOT NULL,
    "areaAddress" VARCHAR(200) NOT NULL,
    "landmark" VARCHAR(120),
    "city" VARCHAR(80) NOT NULL,
    "pinCode" VARCHAR(6) NOT NULL,
    "state" VARCHAR(80) NOT NULL,
    "gstin" VARCHAR(15),
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "lastUsedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CustomerAddress_pkey" PRIMARY KEY ("addressId")
);

-- CreateTable
CREATE TABLE "GuestCart" (
    "cartId" VARCHAR(64) NOT NULL,
    "lastUsedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GuestCart_pkey" PRIMARY KEY ("cartId")
);

-- CreateTable
CREATE TABLE "GuestCartItem" (
    "itemId" SERIAL NOT NULL,
    "cartId" VARCHAR(64) NOT NULL,
    "productId" INTEGER NOT NULL,
    "variantId" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL,
    "addedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "GuestCartItem_pkey" PRIMARY KEY ("itemId")
);

-- CreateTable
CREATE TABLE "OrderAccessLink" (
    "tokenHash" VARCHAR(64) NOT NULL,
    "productOrderId" VARCHAR(40) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OrderAccessLink_pkey" PRIMARY KEY ("tokenHash")
);

-- CreateTable
CREATE TABLE "OtpRequest" (
    "requestId" VARCHAR(40) NOT NULL,
    "phone" VARCHAR(10) NOT NULL,
    "purpose" VARCHAR(20) NOT NULL,
    "productOrderId" VARCHAR(40),
    "codeHash" VARCHAR(64) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "lockedAt" TIMESTAMP(3),
    "clientIp" VARCHAR(64) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OtpRequest_pkey" PRIMARY KEY ("requestId")
);

-- CreateTable
CREATE TABLE "MessageTemplate" (
    "templateId" SERIAL NOT NULL,
    "channel" VARCHAR(10) NOT NULL,
    "kind" VARCHAR(30) NOT NULL,
    "dltTemplateId" VARCHAR(19),
    "senderId" VARCHAR(6),
    "providerTemplateId" VARCHAR(60),
    "text" VARCHAR(2000) NOT NULL,
    "name" VARCHAR(120),
    "language" VARCHAR(5) NOT NULL DEFAULT 'en',
    "category" VARCHAR(20),
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MessageTemplate_pkey" PRIMARY KEY ("templateId")
);

-- CreateIndex
CREATE INDEX "CustomerAddress_customerId_idx" ON "CustomerAddress"("customerId");

-- CreateIndex
CREATE INDEX "GuestCart_lastUsedAt_idx" ON "GuestCart"("lastUsedAt");

-- CreateIndex
CREATE UNIQUE INDEX "GuestCartItem_cartId_variantId_key" ON "GuestCartItem"("cartId", "variantId");

-- CreateIndex
CREATE INDEX "OrderAccessLink_productOrderId_idx" ON "OrderAccessLink"("productOrderId");

-- CreateIndex
CREATE INDEX "OtpRequest_phone_createdAt_idx" ON "OtpRequest"("phone", "createdAt");

-- CreateIndex
CREATE INDEX "OtpRequest_productOrderId_idx" ON "OtpRequest"("productOrderId");

-- CreateIndex
CREATE UNIQUE INDEX "MessageTemplate_channel_kind_language_key" ON "MessageTemplate"("channel", "kind", "language");

-- CreateIndex
CREATE UNIQUE INDEX "Order_accessTokenHash_key" ON "Order"("accessTokenHash");

-- CreateIndex
CREATE INDEX "Order_phone_idx" ON "Order"("phone");

-- CreateIndex
CREATE INDEX "Order_codConfirmation_codConfirmBy_idx" ON "Order"("codConfirmation", "codConfirmBy");

-- CreateIndex
CREATE INDEX "CouponUse_couponId_phone_idx" ON "CouponUse"("couponId", "phone");

-- AddForeignKey
ALTER TABLE "CustomerAddress" ADD CONSTRAINT "CustomerAddress_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("customerId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GuestCartItem" ADD CONSTRAINT "GuestCartItem_cartId_fkey" FOREIGN KEY ("cartId") REFERENCES "GuestCart"("cartId") ON DELETE CASCADE ON UPDATE CASCADE;


-- one default address per customer
CREATE UNIQUE INDEX "CustomerAddress_one_default_idx" ON "CustomerAddress"("customerId") WHERE "isDefault";

-- today's profile address becomes address #1, the default
INSERT INTO "CustomerAddress" ("customerId", "label", "name", "phone", "houseNo", "areaAddress", "city", "pinCode", "state", "gstin", "isDefault", "createdAt", "updatedAt")
SELECT "customerId", 'Home', LEFT(TRIM("firstName" || ' ' || "lastName"), 121), "number", "houseNo", "areaAddress", "city", "pinCode", "state", "gstin", true, "createdAt", CURRENT_TIMESTAMP
FROM "Customer"
ORDER BY "customerId";

-- orders placed before keep their buyer's phone and e-mail, as new ones do
UPDATE "Order" o SET "phone" = c."number", "email" = c."email" FROM "Customer" c WHERE c."customerId" = o."customerId" AND o."phone" IS NULL;
