-- Search indexes (issue 7). The storefront search and the admin order/product searches are
-- case-insensitive substring matches (ILIKE '%…%'), which a B-tree cannot serve: without these
-- every search reads the whole table. pg_trgm GIN indexes serve ILIKE '%…%' on PostgreSQL and
-- on the embedded PGlite (which loads @electric-sql/pglite/contrib/pg_trgm, packages/db/src/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- products: GET /products/details?search=, GET /products/page?search= (name, details, pack size, category)
CREATE INDEX "Product_productName_trgm_idx" ON "Product" USING GIN ("productName" gin_trgm_ops);
CREATE INDEX "Product_productInfo_trgm_idx" ON "Product" USING GIN ("productInfo" gin_trgm_ops);
CREATE INDEX "Product_packSize_trgm_idx" ON "Product" USING GIN ("packSize" gin_trgm_ops);
CREATE INDEX "Product_category_trgm_idx" ON "Product" USING GIN ("category" gin_trgm_ops);

-- orders: GET /productOrder/page?search= (product name, order reference, customer name)
CREATE INDEX "ProductOrder_productName_trgm_idx" ON "ProductOrder" USING GIN ("productName" gin_trgm_ops);
CREATE INDEX "ProductOrder_productOrderId_trgm_idx" ON "ProductOrder" USING GIN ("productOrderId" gin_trgm_ops);
CREATE INDEX "ProductOrder_customerName_trgm_idx" ON "ProductOrder" USING GIN ("customerName" gin_trgm_ops);

-- every order decrements a product's stock: leave room on each page so those updates stay
-- HOT (heap-only) and do not have to touch the indexes above
ALTER TABLE "Product" SET (fillfactor = 80);
