-- Issue 22: a gateway refund's webhooks (refund.processed, refund.failed) find the refund by its
-- gateway id; one gateway refund belongs to one refund of the store.
CREATE UNIQUE INDEX "Refund_providerRefundId_key" ON "Refund"("providerRefundId");
