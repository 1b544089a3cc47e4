import { ValidationError } from 'class-validator';
import { ValidationFailedError } from './domain.error';

/**
 * Turns class-validator's tree into the contract's flat map of dotted field paths as the client
 * sent them (`items.0.product_id`, `keys.auth`).
 */
export function flattenValidationErrors(errors: ValidationError[], parent = ''): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const messages = Object.values(error.constraints ?? {}).map((message) => humanize(message, error.property, path));
    if (messages.length > 0) result[path] = [...(result[path] ?? []), ...messages];
    if (error.children?.length) Object.assign(result, flattenValidationErrors(error.children, path));
  }
  return result;
}

export function validationExceptionFactory(errors: ValidationError[]): ValidationFailedError {
  return new ValidationFailedError(flattenValidationErrors(errors));
}

// class-validator names the bare property ("product_id must be ..."); the full path reads better
// for nested fields and matches the key the message is filed under.
function humanize(message: string, property: string, path: string): string {
  if (message.startsWith('property ') && message.endsWith(' should not exist')) {
    return `The ${path} field is not allowed.`;
  }
  return path !== property && message.startsWith(`${property} `) ? `${path}${message.slice(property.length)}` : message;
}
