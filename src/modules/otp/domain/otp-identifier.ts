import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import { isEmail } from 'class-validator';

export type OtpChannel = 'email' | 'sms';

export type OtpIdentifier =
  /** Sent to as given, lower-cased (the mailbox may see its `+tag`). */
  | { value: string; channel: 'email' }
  /** E.164, and the country its number belongs to (ISO 3166-1 alpha-2), when the numbering plan tells. */
  | { value: string; channel: 'sms'; country: CountryCode | undefined };

const PHONE_SHAPE = /^\+[1-9]\d{6,14}$/;
/** Gmail ignores dots in the local part, and googlemail.com is the same mailboxes. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

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
    return phone?.isValid() ? { value: phone.number, channel: 'sms', country: phone.country } : null;
  }
  if (text.length <= 255 && isEmail(text)) return { value: text.toLowerCase(), channel: 'email' };
  return null;
}

/**
 * What the per-identifier limit counts (decisions §15): one key per mailbox or phone, so the aliases
 * of one inbox (`Ana+x@Gmail.com`, `a.n.a@googlemail.com`) share one budget. Emails: lower case,
 * `+tag` removed, and for Gmail dots removed and googlemail.com read as gmail.com. Phones: E.164.
 */
export function otpCountingKey(identifier: OtpIdentifier): string {
  if (identifier.channel === 'sms') return `phone:${identifier.value}`;
  const at = identifier.value.lastIndexOf('@');
  let local = identifier.value.slice(0, at).split('+')[0];
  let domain = identifier.value.slice(at + 1);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replace(/\./g, '');
    domain = 'gmail.com';
  }
  return `email:${local}@${domain}`;
}

/** Emails always; a phone only when its country is one of `countries` (OTP_SMS_COUNTRIES). */
export function smsCountryAllowed(identifier: OtpIdentifier, countries: readonly string[]): boolean {
  return identifier.channel === 'email' || (identifier.country !== undefined && countries.includes(identifier.country));
}
