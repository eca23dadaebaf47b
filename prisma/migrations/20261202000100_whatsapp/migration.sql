-- AlterTable
ALTER TABLE "Customer" ADD COLUMN     "emailMarketingOptIn" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "emailMarketingOptInAt" TIMESTAMP(3),
ADD COLUMN     "language" VARCHAR(5) NOT NULL DEFAULT 'en',
ADD COLUMN     "languageChangedAt" TIMESTAMP(3),
ADD COLUMN     "smsMarketingOptIn" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "smsMarketingOptInAt" TIMESTAMP(3),
ADD COLUMN     "whatsappOptIn" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "whatsappOptInAt" TIMESTAMP(3),
ADD COLUMN     "whatsappOptInSource" VARCHAR(10);

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "whatsappOptIn" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "OutboxMessage" ADD COLUMN     "deliveredAt" TIMESTAMP(3),
ADD COLUMN     "deliveryStatus" VARCHAR(10),
ADD COLUMN     "fallbackSms" TEXT,
ADD COLUMN     "readAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "MessageTemplate" ADD COLUMN     "params" TEXT;

-- CreateTable
CREATE TABLE "WhatsAppStatusEvent" (
    "providerMessageId" VARCHAR(120) NOT NULL,
    "status" VARCHAR(10) NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "error" VARCHAR(500),

    CONSTRAINT "WhatsAppStatusEvent_pkey" PRIMARY KEY ("providerMessageId","status")
);

-- CreateTable
CREATE TABLE "InboundMessage" (
    "inboundId" SERIAL NOT NULL,
    "channel" VARCHAR(10) NOT NULL DEFAULT 'whatsapp',
    "providerMessageId" VARCHAR(120) NOT NULL,
    "fromPhone" VARCHAR(20) NOT NULL,
    "customerId" INTEGER,
    "text" VARCHAR(4096) NOT NULL,
    "kind" VARCHAR(10) NOT NULL DEFAULT 'text',
    "receivedAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "InboundMessage_pkey" PRIMARY KEY ("inboundId")
);

-- CreateTable
CREATE TABLE "ConsentChange" (
    "id" SERIAL NOT NULL,
    "customerId" INTEGER,
    "phone" VARCHAR(10),
    "field" VARCHAR(30) NOT NULL,
    "value" VARCHAR(10) NOT NULL,
    "source" VARCHAR(10) NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ConsentChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "InboundMessage_providerMessageId_key" ON "InboundMessage"("providerMessageId");

-- CreateIndex
CREATE INDEX "InboundMessage_fromPhone_receivedAt_idx" ON "InboundMessage"("fromPhone", "receivedAt");

-- CreateIndex
CREATE INDEX "InboundMessage_receivedAt_idx" ON "InboundMessage"("receivedAt");

-- CreateIndex
CREATE INDEX "ConsentChange_customerId_at_idx" ON "ConsentChange"("customerId", "at");

-- CreateIndex
CREATE INDEX "ConsentChange_phone_idx" ON "ConsentChange"("phone");

-- CreateIndex
CREATE INDEX "OutboxMessage_providerMessageId_idx" ON "OutboxMessage"("providerMessageId");

