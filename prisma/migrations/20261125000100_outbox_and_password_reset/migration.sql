-- CreateTable
CREATE TABLE "OutboxMessage" (
    "messageId" SERIAL NOT NULL,
    "channel" VARCHAR(20) NOT NULL DEFAULT 'email',
    "kind" VARCHAR(40) NOT NULL,
    "recipient" VARCHAR(254) NOT NULL,
    "subject" VARCHAR(200) NOT NULL,
    "html" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "attachInvoiceOf" VARCHAR(40),
    "status" VARCHAR(20) NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" VARCHAR(500),
    "nextAttemptAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMP(3),

    CONSTRAINT "OutboxMessage_pkey" PRIMARY KEY ("messageId")
);

-- CreateTable
CREATE TABLE "OutboxAttempt" (
    "attemptId" SERIAL NOT NULL,
    "messageId" INTEGER NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ok" BOOLEAN NOT NULL,
    "error" VARCHAR(500),

    CONSTRAINT "OutboxAttempt_pkey" PRIMARY KEY ("attemptId")
);

-- CreateTable
CREATE TABLE "PasswordResetToken" (
    "tokenHash" VARCHAR(64) NOT NULL,
    "role" VARCHAR(10) NOT NULL,
    "subjectId" INTEGER NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PasswordResetToken_pkey" PRIMARY KEY ("tokenHash")
);

-- CreateIndex
CREATE INDEX "OutboxMessage_status_nextAttemptAt_idx" ON "OutboxMessage"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "OutboxMessage_createdAt_idx" ON "OutboxMessage"("createdAt");

-- CreateIndex
CREATE INDEX "OutboxAttempt_messageId_idx" ON "OutboxAttempt"("messageId");

-- CreateIndex
CREATE INDEX "PasswordResetToken_role_subjectId_idx" ON "PasswordResetToken"("role", "subjectId");

-- AddForeignKey
ALTER TABLE "OutboxAttempt" ADD CONSTRAINT "OutboxAttempt_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "OutboxMessage"("messageId") ON DELETE CASCADE ON UPDATE CASCADE;

