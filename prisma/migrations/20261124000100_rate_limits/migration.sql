-- rate-limiter-flexible's Prisma store: limits shared by every server instance (docs/decisions.md, issue 13).
CREATE TABLE "RateLimit" (
    "key" VARCHAR(255) NOT NULL,
    "points" INTEGER NOT NULL,
    "expire" TIMESTAMP(3),

    CONSTRAINT "RateLimit_pkey" PRIMARY KEY ("key")
);

CREATE INDEX "RateLimit_expire_idx" ON "RateLimit"("expire");
