export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface SmsMessage {
  /** International format: +<country><number>. */
  to: string;
  message: string;
}

export const MESSAGES_QUEUE = 'messages';

export type MessageJob = { kind: 'mail'; mail: MailMessage } | { kind: 'sms'; sms: SmsMessage };
