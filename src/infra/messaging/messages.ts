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
/** The secret-box purpose of a message job's sealed content: its key opens nothing else. */
export const MESSAGE_JOBS_PURPOSE = 'message-jobs';

/**
 * A queued message. Its content (which may hold a one-time code or a signed link) is sealed with
 * APP_KEY (`common/security/secret-box`): `sealed` opens to the JSON of the MailMessage or
 * SmsMessage, and only the recipient stays readable. The plain shapes are jobs queued before
 * sealing, still sent.
 */
export type MessageJob =
  | { kind: 'mail'; to: string; sealed: string }
  | { kind: 'sms'; to: string; sealed: string }
  | { kind: 'mail'; mail: MailMessage }
  | { kind: 'sms'; sms: SmsMessage };

/** Who a job's message goes to, sealed or not. */
export function recipientOf(job: MessageJob): string {
  if ('sealed' in job) return job.to;
  return job.kind === 'mail' ? job.mail.to : job.sms.to;
}
