import type { OtpChannel } from '../domain/otp-identifier';

/** An `otp_sessions` row as a verification judges it. */
export interface OtpSessionRow {
  id: string;
  identifier: string;
  channel: OtpChannel;
  code_hmac: string;
  expires_at: Date;
  attempts: number;
  consumed_at: Date | null;
  invalidated_at: Date | null;
}
