import { ApiError, fieldErrorsOf } from './errors';

/** A form's messages: one per field (a 422's), and `form` for a refusal that names none of them (409, 403, …). */
export type FormErrors<Field extends string> = Partial<Record<Field | 'form', string>>;

/**
 * The messages of a failed write for a form with these fields: each 422 message at its field (an
 * item's, `tags.2`, at its list's), and the API's message above the form when no field of the form
 * carries one (a 409 `product_in_use`, a 422 about a field the form does not show).
 */
export function formErrorsOf<Field extends string>(error: unknown, fields: readonly Field[], fallback: string): FormErrors<Field> {
  if (!(error instanceof ApiError)) return { form: fallback } as FormErrors<Field>;
  const all = fieldErrorsOf(error);
  const shown: FormErrors<Field> = {};
  for (const [path, message] of Object.entries(all)) {
    const field = fields.find((name) => path === name || path.startsWith(`${name}.`));
    if (field && !shown[field]) shown[field] = message;
  }
  if (!fields.some((field) => shown[field])) shown.form = error.message;
  return shown;
}
