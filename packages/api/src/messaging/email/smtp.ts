// SMTP through nodemailer, configured by SMTP_URL (smtp://user:pass@host:587, smtps://… for TLS).
import nodemailer from "nodemailer";

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Timeouts well under the worker's claim (outbox-sender.ts), so a hung server never makes a message look abandoned. */
export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 });
  return {
    async send(mail) {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
}
