-- issue 31: grievance tickets (contracts/grievances.md) and reviews (contracts/reviews.md)

-- AlterTable
ALTER TABLE "Product" ADD COLUMN     "ratingCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "ratingSum" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "ProductOrder" ADD COLUMN     "reviewRequestedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "Grievance" (
    "grievanceId" SERIAL NOT NULL,
    "ticketNumber" VARCHAR(24) NOT NULL,
    "customerId" INTEGER,
    "name" VARCHAR(121) NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "phone" VARCHAR(15) NOT NULL,
    "productOrderId" VARCHAR(40),
    "category" VARCHAR(20) NOT NULL,
    "subject" VARCHAR(120) NOT NULL,
    "description" VARCHAR(2000) NOT NULL,
    "status" VARCHAR(20) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "acknowledgeBy" TIMESTAMP(3) NOT NULL,
    "acknowledgedAt" TIMESTAMP(3),
    "resolveBy" TIMESTAMP(3) NOT NULL,
    "resolvedAt" TIMESTAMP(3),
    "resolution" VARCHAR(2000),
    "rejectReason" VARCHAR(2000),
    "closedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Grievance_pkey" PRIMARY KEY ("grievanceId")
);

-- CreateTable
CREATE TABLE "GrievanceMessage" (
    "messageId" SERIAL NOT NULL,
    "grievanceId" INTEGER NOT NULL,
    "author" VARCHAR(10) NOT NULL,
    "adminId" INTEGER,
    "text" VARCHAR(2000) NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "GrievanceMessage_pkey" PRIMARY KEY ("messageId")
);

-- CreateTable
CREATE TABLE "Review" (
    "reviewId" SERIAL NOT NULL,
    "productId" INTEGER NOT NULL,
    "variantId" INTEGER,
    "customerId" INTEGER NOT NULL,
    "rating" INTEGER NOT NULL,
    "title" VARCHAR(100) NOT NULL DEFAULT '',
    "body" VARCHAR(2000) NOT NULL,
    "status" VARCHAR(12) NOT NULL DEFAULT 'Pending',
    "rejectReason" VARCHAR(30),
    "verifiedPurchase" BOOLEAN NOT NULL DEFAULT false,
    "replyText" VARCHAR(1000),
    "replyAt" TIMESTAMP(3),
    "moderatedAt" TIMESTAMP(3),
    "moderatedBy" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Review_pkey" PRIMARY KEY ("reviewId")
);

-- CreateIndex
CREATE UNIQUE INDEX "Grievance_ticketNumber_key" ON "Grievance"("ticketNumber");

-- CreateIndex
CREATE INDEX "Grievance_customerId_createdAt_idx" ON "Grievance"("customerId", "createdAt");

-- CreateIndex
CREATE INDEX "Grievance_status_resolveBy_idx" ON "Grievance"("status", "resolveBy");

-- CreateIndex
CREATE INDEX "Grievance_createdAt_idx" ON "Grievance"("createdAt");

-- CreateIndex
CREATE INDEX "Grievance_phone_idx" ON "Grievance"("phone");

-- CreateIndex
CREATE INDEX "GrievanceMessage_grievanceId_at_idx" ON "GrievanceMessage"("grievanceId", "at");

-- CreateIndex
CREATE INDEX "Review_productId_status_createdAt_idx" ON "Review"("productId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "Review_status_createdAt_idx" ON "Review"("status", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Review_customerId_productId_key" ON "Review"("customerId", "productId");

-- AddForeignKey
ALTER TABLE "GrievanceMessage" ADD CONSTRAINT "GrievanceMessage_grievanceId_fkey" FOREIGN KEY ("grievanceId") REFERENCES "Grievance"("grievanceId") ON DELETE CASCADE ON UPDATE CASCADE;

-- the rules the contracts state, kept by the database too
ALTER TABLE "Review" ADD CONSTRAINT "Review_rating_check" CHECK ("rating" BETWEEN 1 AND 5);
ALTER TABLE "Review" ADD CONSTRAINT "Review_status_check" CHECK ("status" IN ('Pending', 'Published', 'Rejected'));
ALTER TABLE "Product" ADD CONSTRAINT "Product_rating_check" CHECK ("ratingCount" >= 0 AND "ratingSum" BETWEEN "ratingCount" AND 5 * "ratingCount");
ALTER TABLE "Grievance" ADD CONSTRAINT "Grievance_status_check" CHECK ("status" IN ('Open', 'Acknowledged', 'In progress', 'Resolved', 'Rejected', 'Closed'));
ALTER TABLE "GrievanceMessage" ADD CONSTRAINT "GrievanceMessage_author_check" CHECK ("author" IN ('customer', 'officer'));
