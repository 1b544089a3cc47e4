import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { isEmail } from 'class-validator';

export type OtpChannel = 'email' | 'sms';

export interface OtpIdentifier {
  /** Canonical form: lower-cased email, or E.164 phone number. */
  value: string;
  channel: OtpChannel;
}

const PHONE_SHAPE = /^\+[1-9]\d{6,14}$/;

/**
 * An email address or an international phone number `+<country_code><number>`. Returns null for
 * anything else. Phones are validated against the numbering plan of their country code.
 */
export function parseOtpIdentifier(raw: string): OtpIdentifier | null {
  const text = raw.trim();
  if (text.startsWith('+')) {
    const compact = text.replace(/[\s()-]/g, '');
    if (!PHONE_SHAPE.test(compact)) return null;
    const phone = parsePhoneNumberFromString(compact);
    return phone?.isValid() ? { value: phone.number, channel: 'sms' } : null;
  }
  if (text.length <= 255 && isEmail(text)) return { value: text.toLowerCase(), channel: 'email' };
  return null;
}
