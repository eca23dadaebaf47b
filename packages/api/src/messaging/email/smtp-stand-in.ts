// A real SMTP server for the tests (smtp-server, what Nodemailer's own tests use): it takes the
// whole SMTP conversation and parses each message with mailparser, so a test reads what a mailbox
// would receive. `down()` makes it refuse every message (a mail server that is failing).
import { SMTPServer } from "smtp-server";
import { simpleParser, type ParsedMail } from "mailparser";

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port> */
  url: string;
  received: ParsedMail[];
  /** answer every message with a 451 until `up()` */
  down(): void;
  up(): void;
  /** waits until `count` messages have arrived (or throws after `ms`) */
  waitFor(count: number, ms?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  let failing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      if (failing) {
        stream.resume();
        stream.on("end", () => callback(Object.assign(new Error("Mailbox temporarily unavailable"), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  if (!address || typeof address === "string") throw new Error("the SMTP server has no port");
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    down: () => {
      failing = true;
    },
    up: () => {
      failing = false;
    },
    async waitFor(count, ms = 10_000) {
      const until = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} messages, got ${received.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
