/**
 * JSON text the fuzzer sends. JSON.stringify cannot write what a hostile client can: `-0`, `1e400`
 * or a number with more digits than a double holds. A `RawJson` in a value is written as its text.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** An object with `key` as an own property, `__proto__` included (a plain assignment would set the prototype). */
export function withKey(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const existing of Object.keys(target)) Object.defineProperty(copy, existing, ownValue(target[existing]));
  Object.defineProperty(copy, key, ownValue(value));
  return copy;
}

/** The object without `key`. */
export function withoutKey(target: Record<string, unknown>, key: string): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const existing of Object.keys(target)) if (existing !== key) Object.defineProperty(copy, existing, ownValue(target[existing]));
  return copy;
}

const ownValue = (value: unknown): PropertyDescriptor => ({ value, enumerable: true, writable: true, configurable: true });

/** The JSON text of a value the generators made: `RawJson` as is, everything else as JSON.stringify writes it. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : toJsonText(item))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const fields = Object.keys(value)
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${toJsonText((value as Record<string, unknown>)[key])}`);
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A short, readable form of a value for failure messages (long strings cut). */
export function describeValue(value: unknown, limit = 600): string {
  const text = toJsonText(value);
  return text.length > limit ? `${text.slice(0, limit)}… (${text.length} characters)` : text;
}
