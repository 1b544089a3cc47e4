import { registerDecorator, ValidationOptions } from 'class-validator';

export const PASSWORD_MIN_LENGTH = 8;
// Long enough for any passphrase or manager-generated secret; short enough that hashing stays cheap.
export const PASSWORD_MAX_LENGTH = 1024;

interface PasswordRule {
  name: string;
  passes: (password: string) => boolean;
  message: string;
}

/** decisions §3: at least 8 characters with at least one letter and one digit. */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    name: 'passwordMinLength',
    passes: (password) => [...password].length >= PASSWORD_MIN_LENGTH,
    message: `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  },
  {
    name: 'passwordMaxLength',
    passes: (password) => password.length <= PASSWORD_MAX_LENGTH,
    message: `The password may not be greater than ${PASSWORD_MAX_LENGTH} characters.`,
  },
  { name: 'passwordLetter', passes: (password) => /\p{L}/u.test(password), message: 'The password must contain at least one letter.' },
  { name: 'passwordDigit', passes: (password) => /\p{N}/u.test(password), message: 'The password must contain at least one number.' },
];

/** Every rule the password breaks, as human sentences; empty when it is acceptable. */
export function passwordProblems(password: string): string[] {
  return PASSWORD_RULES.filter((rule) => !rule.passes(password)).map((rule) => rule.message);
}

/**
 * The password rule as class-validator constraints: one message per broken rule, for DTOs of every
 * transport. A missing, empty or non-string value is left to the field's required/type check.
 */
export function IsAcceptablePassword(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) => {
    for (const rule of PASSWORD_RULES) {
      registerDecorator({
        name: rule.name,
        target: target.constructor,
        propertyName: String(propertyName),
        options: { message: rule.message, ...options },
        validator: { validate: (value: unknown) => typeof value !== 'string' || value === '' || rule.passes(value) },
      });
    }
  };
}
