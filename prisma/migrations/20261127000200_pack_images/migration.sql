-- Issue 25: a pack may have its own photo (the 5 L can is not the 500 ml bottle). Null = the product's image.
ALTER TABLE "ProductVariant" ADD COLUMN "imageHash" VARCHAR(16);

CREATE TABLE "ProductVariantImage" (
    "variantId" INTEGER NOT NULL,
    "size" INTEGER NOT NULL,
    "data" TEXT NOT NULL,
    "hash" VARCHAR(16) NOT NULL,

    CONSTRAINT "ProductVariantImage_pkey" PRIMARY KEY ("variantId","size")
);

ALTER TABLE "ProductVariantImage" ADD CONSTRAINT "ProductVariantImage_variantId_fkey" FOREIGN KEY ("variantId") REFERENCES "ProductVariant"("variantId") ON DELETE CASCADE ON UPDATE CASCADE;
