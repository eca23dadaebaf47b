-- Tokens carry the account's session version; a password change or "log out everywhere" raises it,
-- which ends every token issued before (docs/decisions.md, issue 13).
ALTER TABLE "Customer" ADD COLUMN "sessionVersion" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Admin" ADD COLUMN "sessionVersion" INTEGER NOT NULL DEFAULT 0;
