// Runs the outbox worker (issue 16) inside each server instance while SMTP is configured: every
// `pollMs` it sends what is due, in rounds of 10, until nothing is left; instances share the work
// through the database's row claims (packages/api messaging/outbox-sender.ts).
import type { FastifyPluginCallback } from "fastify";
import { sendDueMessages, type Context, type MailTransport } from "@store/api";

export interface OutboxOptions {
  db: Context["db"];
  transport: MailTransport;
  from: string;
  /** ms between looks at the outbox */
  pollMs: number;
}

const ROUND = 10;

export const outboxPlugin: FastifyPluginCallback<OutboxOptions> = (app, { db, transport, from, pollMs }, done) => {
  let running: Promise<void> | null = null;
  let stopping = false;
  const drain = async () => {
    for (;;) {
      const report = await sendDueMessages(db, transport, { from, limit: ROUND });
      if (report.failed > 0) app.log.warn({ ...report }, "outbox: some messages failed and will be retried");
      if (stopping || report.sent + report.failed < ROUND) return;
    }
  };
  const tick = () => {
    if (running || stopping) return;
    running = drain()
      .catch((error: unknown) => app.log.warn({ err: error }, "outbox: could not read the outbox; will try again"))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, pollMs);
  timer.unref();
  app.addHook("onClose", async () => {
    stopping = true;
    clearInterval(timer);
    await running;
    transport.close();
  });
  done();
};
