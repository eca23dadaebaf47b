-- An order-placing request sent again with the same Idempotency-Key within 24 hours gets the first
-- answer back instead of a second order (docs/decisions.md, issue 13).
CREATE TABLE "IdempotencyKey" (
    "customerId" INTEGER NOT NULL,
    "key" VARCHAR(255) NOT NULL,
    "requestHash" VARCHAR(64) NOT NULL,
    "response" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "IdempotencyKey_pkey" PRIMARY KEY ("customerId", "key")
);

CREATE INDEX "IdempotencyKey_createdAt_idx" ON "IdempotencyKey"("createdAt");
