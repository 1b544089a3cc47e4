/**
 * JSON inside a `<script>` element of another type (data, not code: CSP's script-src does not
 * apply). `<`, `>` and `&` are written as \u escapes, so no text from the shop (a name holding
 * `</script>` or `<!--`) can end the element; U+2028/2029 too, for old parsers.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A JSON block: `value` serialised here, or `json` already written by `scriptSafeJson`. */
export function JsonData({
  type,
  id,
  value,
  json,
}: {
  type: 'application/json' | 'application/ld+json';
  id?: string;
  value?: unknown;
  json?: string;
}) {
  return <script type={type} id={id} dangerouslySetInnerHTML={{ __html: json ?? scriptSafeJson(value) }} />;
}
