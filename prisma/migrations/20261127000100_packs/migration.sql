-- Issue 25 (contracts/packs.md): a product has 1–20 pack-size variants, each with its own SKU, price, MRP,
-- stock and tax. Every existing product becomes a product with exactly one variant, nothing lost; carts and
-- order lines point at it. The product's own price/MRP/pack size/stock/HSN/rate columns stay, as a mirror of
-- its default variant (written by syncProductFromVariants), so every spec answer keeps its meaning.

CREATE TABLE "ProductVariant" (
    "variantId" SERIAL NOT NULL,
    "productId" INTEGER NOT NULL,
    "sku" VARCHAR(40) NOT NULL,
    "label" VARCHAR(40) NOT NULL,
    "netQuantity" DECIMAL(12,3),
    "netUnit" VARCHAR(5),
    "mrp" INTEGER NOT NULL,
    "price" INTEGER NOT NULL,
    "stock" INTEGER NOT NULL DEFAULT 0,
    "hsnCode" VARCHAR(8) NOT NULL,
    "gstRate" INTEGER NOT NULL,
    "weightGrams" INTEGER NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "position" INTEGER NOT NULL DEFAULT 0,
    "mrpRaised" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ProductVariant_pkey" PRIMARY KEY ("variantId"),
    -- the last line of defence for the checkout's conditional UPDATE
    CONSTRAINT "ProductVariant_stock_check" CHECK ("stock" >= 0),
    CONSTRAINT "ProductVariant_price_check" CHECK ("price" > 0 AND "price" <= "mrp")
) WITH (fillfactor = 80); -- stock updates stay HOT, as on "Product"

CREATE UNIQUE INDEX "ProductVariant_sku_key" ON "ProductVariant"("sku");
CREATE INDEX "ProductVariant_productId_position_idx" ON "ProductVariant"("productId", "position");
CREATE INDEX "ProductVariant_stock_idx" ON "ProductVariant"("stock");
CREATE INDEX "ProductVariant_sku_trgm_idx" ON "ProductVariant" USING GIN ("sku" gin_trgm_ops);
CREATE INDEX "ProductVariant_label_trgm_idx" ON "ProductVariant" USING GIN ("label" gin_trgm_ops);
ALTER TABLE "ProductVariant" ADD CONSTRAINT "ProductVariant_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("productId") ON DELETE CASCADE ON UPDATE CASCADE;

-- One variant per existing product. The net quantity is read from the pack size where it says one
-- ("500ml", "1.5 L", "2 kg", "3 pcs"), else left null for the owner (GET /products/page?needs=netQuantity).
-- The shipping weight is estimated from it (1 ml ≈ 1 g; 100 g a piece), else 500 g.
-- A product whose MRP (mainPrice) was below its price is migrated with mrp = price and mrpRaised (listed under the same filter).
INSERT INTO "ProductVariant" ("productId", "sku", "label", "netQuantity", "netUnit", "mrp", "price", "stock",
    "hsnCode", "gstRate", "weightGrams", "active", "position", "mrpRaised", "createdAt", "updatedAt")
SELECT p."productId",
       LEFT('P' || p."productId" || COALESCE(NULLIF('-' || UPPER(REGEXP_REPLACE(p."packSize", '[^A-Za-z0-9]+', '', 'g')), '-'), ''), 40),
       LEFT(COALESCE(NULLIF(BTRIM(p."packSize"), ''), 'Standard'), 40),
       q.amount, q.unit,
       GREATEST(p."mainPrice", p."productPrice"), p."productPrice", GREATEST(p.quantity, 0),
       p."hsnCode", p."gstRate",
       LEAST(50000, GREATEST(1, COALESCE(ROUND(q.amount * CASE q.unit WHEN 'l' THEN 1000 WHEN 'kg' THEN 1000 WHEN 'piece' THEN 100 ELSE 1 END)::int, 500))),
       TRUE, 0, p."mainPrice" < p."productPrice", p."createdAt", CURRENT_TIMESTAMP
FROM "Product" p
LEFT JOIN LATERAL (
    SELECT m[1]::numeric(12,3) AS amount,
           CASE LOWER(m[2])
               WHEN 'ml' THEN 'ml'
               WHEN 'l' THEN 'l' WHEN 'ltr' THEN 'l' WHEN 'litre' THEN 'l' WHEN 'liter' THEN 'l'
               WHEN 'g' THEN 'g' WHEN 'gm' THEN 'g'
               WHEN 'kg' THEN 'kg'
               WHEN 'pc' THEN 'piece' WHEN 'pcs' THEN 'piece' WHEN 'piece' THEN 'piece' WHEN 'pieces' THEN 'piece'
           END AS unit
    FROM (SELECT REGEXP_MATCH(p."packSize", '^\s*(\d{1,9}(?:\.\d{1,3})?)\s*([A-Za-z]+)\.?\s*$') AS m) r
    WHERE m IS NOT NULL AND m[1]::numeric > 0
      AND LOWER(m[2]) IN ('ml','l','ltr','litre','liter','g','gm','kg','pc','pcs','piece','pieces')
) q ON TRUE
ORDER BY p."productId";

ALTER TABLE "Product" ADD COLUMN "priceFrom" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "variantCount" INTEGER NOT NULL DEFAULT 1,
    ADD COLUMN "defaultVariantId" INTEGER;
UPDATE "Product" p SET "priceFrom" = v."price", "variantCount" = 1, "defaultVariantId" = v."variantId",
    "mainPrice" = v."mrp"
FROM "ProductVariant" v WHERE v."productId" = p."productId";

-- Carts: each line points at its product's one variant; one line per (customer, variant).
ALTER TABLE "CartItem" ADD COLUMN "variantId" INTEGER;
UPDATE "CartItem" c SET "variantId" = v."variantId" FROM "ProductVariant" v WHERE v."productId" = c."productId";
ALTER TABLE "CartItem" ALTER COLUMN "variantId" SET NOT NULL;
DROP INDEX "CartItem_customerId_productId_key";
CREATE INDEX "CartItem_customerId_productId_idx" ON "CartItem"("customerId", "productId");
CREATE UNIQUE INDEX "CartItem_customerId_variantId_key" ON "CartItem"("customerId", "variantId");
CREATE INDEX "CartItem_variantId_idx" ON "CartItem"("variantId");
ALTER TABLE "CartItem" ADD CONSTRAINT "CartItem_variantId_fkey" FOREIGN KEY ("variantId") REFERENCES "ProductVariant"("variantId") ON DELETE CASCADE ON UPDATE CASCADE;

-- Order lines snapshot their pack. Lines placed before packs existed take the migrated variant, with the
-- product's HSN and rate (what their invoice was issued with) and its MRP.
ALTER TABLE "ProductOrder" ADD COLUMN "variantId" INTEGER,
    ADD COLUMN "sku" VARCHAR(40),
    ADD COLUMN "label" VARCHAR(40),
    ADD COLUMN "netQuantity" DECIMAL(12,3),
    ADD COLUMN "netUnit" VARCHAR(5),
    ADD COLUMN "mrp" INTEGER,
    ADD COLUMN "hsnCode" VARCHAR(8),
    ADD COLUMN "gstRate" INTEGER;
UPDATE "ProductOrder" o SET "variantId" = v."variantId", "sku" = v."sku", "label" = v."label",
    "netQuantity" = v."netQuantity", "netUnit" = v."netUnit", "mrp" = GREATEST(v."mrp", o."productPrice"),
    "hsnCode" = v."hsnCode", "gstRate" = v."gstRate"
FROM "ProductVariant" v WHERE v."productId" = o."productId";
ALTER TABLE "ProductOrder" ALTER COLUMN "variantId" SET NOT NULL,
    ALTER COLUMN "sku" SET NOT NULL,
    ALTER COLUMN "label" SET NOT NULL,
    ALTER COLUMN "mrp" SET NOT NULL,
    ALTER COLUMN "hsnCode" SET NOT NULL,
    ALTER COLUMN "gstRate" SET NOT NULL;
CREATE INDEX "ProductOrder_variantId_idx" ON "ProductOrder"("variantId");
