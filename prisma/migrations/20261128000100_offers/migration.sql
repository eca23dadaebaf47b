-- Issue 26 (contracts/offers.md): coupons, their uses, the code remembered on a cart, and the discount on
-- orders and their lines. Existing orders had no discount: 0, and grandTotal keeps its meaning
-- (itemsTotal − discountTotal + deliveryTotal + codFee).
ALTER TABLE "ProductOrder" ADD COLUMN "discount" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "ProductOrder" ADD CONSTRAINT "ProductOrder_discount_check" CHECK ("discount" >= 0);

ALTER TABLE "Order" ADD COLUMN "couponCode" VARCHAR(20),
ADD COLUMN "discountTotal" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Order" ADD CONSTRAINT "Order_discountTotal_check" CHECK ("discountTotal" >= 0 AND "discountTotal" <= "itemsTotal");
CREATE INDEX "Order_couponCode_idx" ON "Order"("couponCode");

CREATE TABLE "Coupon" (
    "couponId" SERIAL NOT NULL,
    "code" VARCHAR(20) NOT NULL,
    "description" VARCHAR(120) NOT NULL DEFAULT '',
    "type" VARCHAR(16) NOT NULL,
    "value" INTEGER NOT NULL,
    "maxDiscount" INTEGER,
    "minOrderValue" INTEGER NOT NULL DEFAULT 0,
    "startsAt" TIMESTAMP(3) NOT NULL,
    "endsAt" TIMESTAMP(3) NOT NULL,
    "usageLimit" INTEGER,
    "perCustomerLimit" INTEGER NOT NULL DEFAULT 1,
    "firstOrderOnly" BOOLEAN NOT NULL DEFAULT false,
    "paymentMethods" VARCHAR(20) NOT NULL,
    "productIds" VARCHAR(2000) NOT NULL DEFAULT '',
    "categories" VARCHAR(2000) NOT NULL DEFAULT '',
    "showAtCheckout" BOOLEAN NOT NULL DEFAULT false,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "usedCount" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Coupon_pkey" PRIMARY KEY ("couponId"),
    CONSTRAINT "Coupon_type_check" CHECK ("type" IN ('PERCENT', 'FLAT', 'FREE_SHIPPING')),
    CONSTRAINT "Coupon_dates_check" CHECK ("endsAt" > "startsAt"),
    -- the last line of defence for the checkout's conditional UPDATE (offers/coupon-uses.ts)
    CONSTRAINT "Coupon_usedCount_check" CHECK ("usedCount" >= 0 AND ("usageLimit" IS NULL OR "usedCount" <= "usageLimit"))
);
CREATE UNIQUE INDEX "Coupon_code_key" ON "Coupon"("code");
CREATE INDEX "Coupon_active_endsAt_idx" ON "Coupon"("active", "endsAt");

CREATE TABLE "CouponUse" (
    "id" SERIAL NOT NULL,
    "couponId" INTEGER NOT NULL,
    "customerId" INTEGER NOT NULL,
    "productOrderId" VARCHAR(40) NOT NULL,
    "discount" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "releasedAt" TIMESTAMP(3),

    CONSTRAINT "CouponUse_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "CouponUse_productOrderId_key" ON "CouponUse"("productOrderId");
CREATE INDEX "CouponUse_couponId_customerId_idx" ON "CouponUse"("couponId", "customerId");
ALTER TABLE "CouponUse" ADD CONSTRAINT "CouponUse_couponId_fkey" FOREIGN KEY ("couponId") REFERENCES "Coupon"("couponId") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "CartCoupon" (
    "customerId" INTEGER NOT NULL,
    "code" VARCHAR(20) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CartCoupon_pkey" PRIMARY KEY ("customerId")
);
ALTER TABLE "CartCoupon" ADD CONSTRAINT "CartCoupon_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("customerId") ON DELETE CASCADE ON UPDATE CASCADE;
