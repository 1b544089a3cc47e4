import type { ProfileEnrichment } from '@modules/accounts';
import type { EnrichableField } from './tenant-profile-enhanced.event';

/** Longest value kept per field, in characters: the column's size where it has one (varchar 255); the merchant's own edits have the same limits (accounts/domain/shop-profile.ts). */
export const FIELD_MAX_LENGTH: Record<Exclude<EnrichableField, 'tags'>, number> = {
  description: 5000,
  seo_title: 255,
  seo_description: 1000,
  slogan: 255,
};
export const MAX_TAGS = 20;
export const TAG_MAX_LENGTH = 50;

const TEXT_FIELDS = Object.keys(FIELD_MAX_LENGTH) as Array<Exclude<EnrichableField, 'tags'>>;

export class InvalidGeneratedProfileError extends Error {
  constructor(field: string) {
    super(`The AI answer's "${field}" has the wrong type`);
    this.name = 'InvalidGeneratedProfileError';
  }
}

/**
 * The values of an answer worth applying (spec 4.5: only non-empty ones). Strings are trimmed; an
 * empty or missing value (null, "", [], a list of blanks) is left out, so the profile keeps what it
 * had. Over-long values are cut to the field's limit rather than refused: a long answer is still a
 * useful one. A field of the wrong type (a number, an object, tags that are not a list of strings)
 * makes the whole answer invalid: the provider did not follow the format, so nothing is applied.
 */
export function applicableFields(answer: Record<string, unknown>): ProfileEnrichment {
  const fields: ProfileEnrichment = {};
  for (const field of TEXT_FIELDS) {
    const value = answer[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') throw new InvalidGeneratedProfileError(field);
    const text = cut(value.trim(), FIELD_MAX_LENGTH[field]);
    if (text !== '') fields[field] = text;
  }
  const tags = answer.tags;
  if (tags !== undefined && tags !== null) {
    if (!Array.isArray(tags) || tags.some((tag) => typeof tag !== 'string')) throw new InvalidGeneratedProfileError('tags');
    const kept = new Map<string, string>();
    for (const tag of tags as string[]) {
      const text = cut(tag.trim(), TAG_MAX_LENGTH);
      if (text !== '' && !kept.has(text.toLowerCase())) kept.set(text.toLowerCase(), text);
    }
    if (kept.size > 0) fields.tags = [...kept.values()].slice(0, MAX_TAGS);
  }
  return fields;
}

/** Cuts by characters (code points), never inside a surrogate pair. */
function cut(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join('').trimEnd();
}
