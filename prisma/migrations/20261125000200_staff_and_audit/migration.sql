-- AlterTable
ALTER TABLE "Admin" ADD COLUMN     "active" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "role" VARCHAR(10) NOT NULL DEFAULT 'owner';

-- CreateTable
CREATE TABLE "AuditEntry" (
    "auditId" SERIAL NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "adminId" INTEGER NOT NULL,
    "actorName" VARCHAR(100) NOT NULL,
    "actorRole" VARCHAR(10) NOT NULL,
    "action" VARCHAR(60) NOT NULL,
    "entity" VARCHAR(30) NOT NULL,
    "entityId" VARCHAR(60),
    "summary" VARCHAR(300) NOT NULL,
    "changes" TEXT NOT NULL DEFAULT '{}',

    CONSTRAINT "AuditEntry_pkey" PRIMARY KEY ("auditId")
);

-- CreateIndex
CREATE INDEX "AuditEntry_at_idx" ON "AuditEntry"("at");

-- CreateIndex
CREATE INDEX "AuditEntry_entity_entityId_idx" ON "AuditEntry"("entity", "entityId");

-- CreateIndex
CREATE INDEX "AuditEntry_adminId_at_idx" ON "AuditEntry"("adminId", "at");

