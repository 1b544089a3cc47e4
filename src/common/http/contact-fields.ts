import { ValidateBy, ValidateIf } from 'class-validator';

/**
 * The rules of the contact fields a shop and its locations keep (docs/accounts.md, "The shop's
 * contact details"): one rule for a phone wherever one is written, one for a WhatsApp number.
 */

/** A phone as people write it: 7 to 20 characters of digits, spaces, `+`, `-` and parentheses, at least 7 of them digits. */
export const PHONE_MAX_LENGTH = 20;
const PHONE_MIN_DIGITS = 7;
const PHONE_CHARACTERS = /^[0-9 +()-]{7,20}$/;

/** An international number in E.164 form (`+50499990000`): a `+`, then 8 to 15 digits, the first not 0. */
export const WHATSAPP_MAX_LENGTH = 16;
const E164 = /^\+[1-9][0-9]{7,14}$/;

export function isPhoneNumber(value: string): boolean {
  return PHONE_CHARACTERS.test(value) && value.replace(/\D/g, '').length >= PHONE_MIN_DIGITS;
}

export function isWhatsAppNumber(value: string): boolean {
  return E164.test(value);
}

const label = (field: string) => field.replace(/_/g, ' ');

/** The refusal of a phone (the same words for the shop's and a location's). */
const phoneMessage = (field: string) =>
  `The ${label(field)} must be a phone number of 7 to 20 characters (digits, spaces, +, -, parentheses) with at least 7 digits.`;

const whatsAppMessage = (field: string) =>
  `The ${label(field)} must be an international number in E.164 form, such as +50499990000: a + and 8 to 15 digits, the first not 0.`;

/** A string field that, when it is a non-empty string, is a phone; other types are left to `@IsString()`, "" clears. */
export const IsPhoneNumber = (field: string) =>
  ValidateBy({
    name: 'isPhoneNumber',
    validator: {
      validate: (value: unknown) => typeof value !== 'string' || value === '' || isPhoneNumber(value),
      defaultMessage: () => phoneMessage(field),
    },
  });

/** A string field that, when it is a non-empty string, is an E.164 number; other types are left to `@IsString()`, "" clears. */
export const IsWhatsAppNumber = (field: string) =>
  ValidateBy({
    name: 'isWhatsAppNumber',
    validator: {
      validate: (value: unknown) => typeof value !== 'string' || value === '' || isWhatsAppNumber(value),
      defaultMessage: () => whatsAppMessage(field),
    },
  });

/**
 * The field may be left out, sent as null or as "" (all three leave nothing to check: the last
 * two clear it); any other value gets every rule. For a nullable text whose rules refuse "" (an
 * email address, a URL).
 */
export const OptionalOrBlank = () => ValidateIf((_object: object, value: unknown) => value !== undefined && value !== null && value !== '');
