-- Issue 24: a UPI payment confirmation can be undone for 10 minutes. The order remembers when it
-- was confirmed; the confirmation's mail waits in the outbox until then (nextAttemptAt), marked with
-- the event that queued it so an undo can cancel it.
ALTER TABLE "Order" ADD COLUMN     "utrConfirmedAt" TIMESTAMP(3);

ALTER TABLE "OutboxMessage" ADD COLUMN     "undoKey" VARCHAR(80);

CREATE INDEX "OutboxMessage_undoKey_idx" ON "OutboxMessage"("undoKey");
