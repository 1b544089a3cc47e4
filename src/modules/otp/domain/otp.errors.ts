import { fieldError, fixedFieldError } from '@common/errors/domain.error';

const REJECTION_MESSAGES: Record<OtpRejectionReason, string> = {
  used: 'This code has already been used.',
  superseded: 'A newer code was requested; use the latest one.',
  expired: 'This code has expired. Request a new one.',
  locked: 'Too many wrong codes. Request a new one.',
  wrong: 'The code is incorrect.',
};

export type OtpRejectionReason = 'used' | 'superseded' | 'expired' | 'locked' | 'wrong';

export class InvalidOtpIdentifierError extends fixedFieldError(
  'identifier',
  'The identifier must be a valid email address or a phone number like +50499998888.',
) {}

/** 422 on `identifier`: codes are texted only to the countries of OTP_SMS_COUNTRIES (decisions §15). */
export class SmsCountryNotAllowedError extends fieldError('identifier') {
  constructor(countries: readonly string[]) {
    super(`One-time codes are sent by SMS only to numbers of ${countries.join(', ')}. Use an email address instead.`);
  }
}

export class OtpSessionNotFoundError extends fixedFieldError('uuid', 'No verification session matches this uuid.') {}

/** 422 on `otp_code`: the code was wrong, or the session no longer accepts any code. */
export class OtpCodeRejectedError extends fieldError('otp_code') {
  constructor(reason: OtpRejectionReason) {
    super(REJECTION_MESSAGES[reason]);
  }
}
