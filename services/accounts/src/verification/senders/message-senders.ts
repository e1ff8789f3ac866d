/** Channels that deliver a text to a person. Outside providers are configuration. */
export interface EmailSender {
  send(to: string, subject: string, text: string): Promise<void>;
}

/** An SMS provider (e.g. an HTTP gateway); none is bundled, so the outbox is the default. */
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

export const EMAIL_SENDER = Symbol('EMAIL_SENDER');
export const SMS_SENDER = Symbol('SMS_SENDER');
