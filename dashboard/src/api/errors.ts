/** Field path → messages, as the API's 422 body gives them (`items.0.quantity`). */
export type FieldErrors = Record<string, string[]>;

/**
 * A refused or failed API call. `status` 0 is a network error (nothing answered). The message is
 * the API's own (`{ message }`), shown as it is: the API writes it for people.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: FieldErrors = {},
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get unreachable(): boolean {
    return this.status === 0 || this.status === 502 || this.status === 503 || this.status === 504;
  }

  /** The first message for a field (the form shows it under that field). */
  field(path: string): string | undefined {
    return this.fieldErrors[path]?.[0];
  }
}

/** The first message for each field, for a form's `error` props. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages[0] ?? '']));
}
