/**
 * What one-time-code sign-in needs from accounts: find the account an identifier belongs to and
 * issue it a bearer token. Implemented by the accounts module (see otp.module.ts).
 */
export interface OtpAccountPort {
  findByIdentifier(identifier: string, channel: 'email' | 'sms'): Promise<{ id: string; tenantId: string | null } | null>;
  issueToken(userId: string, tokenName: string): Promise<string>;
}

export const OTP_ACCOUNT_PORT = Symbol('OTP_ACCOUNT_PORT');
