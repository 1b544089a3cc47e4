import { plainToInstance } from 'class-transformer';
import { IsOptional, IsString, validateSync } from 'class-validator';
import { IsPhoneNumber, IsWhatsAppNumber, isPhoneNumber, isWhatsAppNumber } from './contact-fields';

describe('isPhoneNumber', () => {
  it.each(['2222-3333', '+504 2222-3333', '(504) 9999 8888', '+50499990000', '1234567', '+1 (555) 010-0000 12'])('takes %p', (phone) => {
    expect(isPhoneNumber(phone)).toBe(true);
  });

  it.each([
    ['too short', '123456'],
    ['fewer than 7 digits', '+(12) 34-56'],
    ['longer than 20 characters', '+504 2222-3333 4444 55'],
    ['a letter', '2222-333x'],
    ['a dot', '2222.3333'],
    ['a tab', '2222\t3333'],
    ['empty', ''],
  ])('refuses %s', (_why, phone) => {
    expect(isPhoneNumber(phone)).toBe(false);
  });
});

describe('isWhatsAppNumber', () => {
  it.each(['+50499990000', '+12345678', '+123456789012345'])('takes %p', (number) => {
    expect(isWhatsAppNumber(number)).toBe(true);
  });

  it.each([
    ['no +', '50499990000'],
    ['a first digit 0', '+05499990000'],
    ['7 digits', '+1234567'],
    ['16 digits', '+1234567890123456'],
    ['spaces', '+504 9999 0000'],
    ['a dash', '+504-99990000'],
  ])('refuses %s', (_why, number) => {
    expect(isWhatsAppNumber(number)).toBe(false);
  });
});

class Contact {
  @IsOptional()
  @IsString()
  @IsPhoneNumber('phone')
  phone?: string | null;

  @IsOptional()
  @IsString()
  @IsWhatsAppNumber('whatsapp')
  whatsapp?: string | null;
}

const messagesOf = (body: object) =>
  Object.fromEntries(validateSync(plainToInstance(Contact, body)).map((error) => [error.property, Object.values(error.constraints ?? {})]));

describe('IsPhoneNumber and IsWhatsAppNumber', () => {
  it('say what a phone and a WhatsApp number must be', () => {
    expect(messagesOf({ phone: '12', whatsapp: '9999' })).toEqual({
      phone: ['The phone must be a phone number of 7 to 20 characters (digits, spaces, +, -, parentheses) with at least 7 digits.'],
      whatsapp: [
        'The whatsapp must be an international number in E.164 form, such as +50499990000: a + and 8 to 15 digits, the first not 0.',
      ],
    });
  });

  it('leave "" (a cleared field), null and other types to the other rules', () => {
    expect(messagesOf({ phone: '', whatsapp: null })).toEqual({});
    expect(messagesOf({ phone: 5 })).toEqual({ phone: ['phone must be a string'] });
  });
});
