import { isEmail, isUUID, registerDecorator, ValidationArguments } from 'class-validator';

// Laravel-style messages: a missing field gets only "is required", not every rule it then fails.
const present = (value: unknown) => value !== undefined && value !== null && value !== '';
const label = (field: string) => field.replace(/_/g, ' ');

function rule(
  name: string,
  message: string | ((args: ValidationArguments) => string),
  validate: (value: unknown, args: ValidationArguments) => boolean,
): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message },
      validator: { validate },
    });
}

/** Present, a string, and not blank. */
export const RequiredString = (field: string) =>
  rule(
    'requiredString',
    (args) =>
      present(args.value) && typeof args.value !== 'string'
        ? `The ${label(field)} must be a string.`
        : `The ${label(field)} field is required.`,
    (value) => typeof value === 'string' && value.trim() !== '',
  );

/** When given, a string (for optional fields). */
export const OptionalString = (field: string) =>
  rule('optionalString', `The ${label(field)} must be a string.`, (value) => !present(value) || typeof value === 'string');

export const MaxChars = (field: string, max: number) =>
  rule(
    'maxChars',
    `The ${label(field)} may not be greater than ${max} characters.`,
    (value) => typeof value !== 'string' || value.length <= max,
  );

export const EmailAddress = (field: string) =>
  rule(
    'emailAddress',
    `The ${label(field)} must be a valid email address.`,
    (value) => typeof value !== 'string' || value === '' || isEmail(value),
  );

export const Uuid = (field: string) =>
  rule('uuid', `The ${label(field)} must be a valid UUID.`, (value) => typeof value !== 'string' || value === '' || isUUID(value));

/** Equal to another property of the same body (`password_confirmation`). */
export const EqualsProperty = (field: string, other: string) =>
  rule(
    'equalsProperty',
    `The ${label(field)} does not match.`,
    (value, args) => !present(value) || value === (args.object as Record<string, unknown>)[other],
  );
