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
    const constraints = Object.values(error.constraints ?? {});
    const messages =
      constraints.length > 0 && error.value === undefined
        ? requiredMessages(constraints, path)
        : constraints.map((message) => humanize(message, error.property, path));
    if (messages.length > 0) result[path] = [...(result[path] ?? []), ...messages];
    if (error.children?.length) Object.assign(result, flattenValidationErrors(error.children, path));
  }
  return result;
}

/**
 * A field that is not there fails every rule it has; the one thing to say is that it is required
 * (in the rule's own words when one of its messages says so, e.g. "required for a fixed coupon").
 */
function requiredMessages(constraints: string[], path: string): string[] {
  const own = constraints.filter((message) => message.includes('required'));
  return own.length > 0 ? own : [`The ${path} field is required.`];
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
