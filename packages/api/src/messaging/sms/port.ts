// The port: what the store needs from an SMS provider (issue 29, contracts/otp-and-sms.md). Every SMS
// to an Indian number passes the DLT platform, so a send names the registered template and its
// variables; the provider only delivers. Adapters: console.ts (development and tests) and msg91/.

export interface SmsSend {
  /** 10 digits, an Indian mobile number */
  phone: string;
  /** the registered text with its placeholders filled (what the operator compares with the template) */
  text: string;
  dltTemplateId: string;
  senderId: string;
  /** the provider's own id of the template (MSG91's flow/template id), when it has one */
  providerTemplateId: string | null;
  /** the variables in the template's order */
  variables: readonly string[];
}

export interface SmsProvider {
  /** "console" | "msg91" */
  readonly name: string;
  /** delivers one message; the provider's id for it, or null when it gives none */
  send(message: SmsSend): Promise<{ providerMessageId: string | null }>;
}

/** The provider refused or could not be reached; `retryable` for a timeout, a 429 or a 5xx. */
export class SmsProviderError extends Error {
  override name = "SmsProviderError";
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message);
  }
}
