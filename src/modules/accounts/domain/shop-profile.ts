/**
 * What a shop's own people may write of its profile (decisions §17), with the limits AI enrichment
 * applies to the same columns (decisions §8; `ai/domain/generated-profile.ts` keeps the same
 * numbers): a value the merchant may type is one the enrichment may write, and back.
 */
export const SHOP_FIELD_MAX_LENGTH = {
  name: 255,
  description: 5000,
  seo_title: 255,
  seo_description: 1000,
  slogan: 255,
} as const;
export const SHOP_MAX_TAGS = 20;
export const SHOP_TAG_MAX_LENGTH = 50;
/** `tenants.timezone` is varchar(64). */
export const SHOP_TIMEZONE_MAX_LENGTH = 64;

/**
 * The IANA name of a time zone `Intl` knows, as the shop keeps it, or null when `Intl` knows no such
 * zone. A name in another case than ICU's own spelling is given that spelling
 * (`america/tegucigalpa` → `America/Tegucigalpa`); a current name ICU still files under an older
 * one is kept as sent (`Asia/Kolkata`, not ICU's `Asia/Calcutta`). Offsets written as names
 * (`+05:00`) are not zones and are refused.
 */
export function canonicalTimeZone(name: string): string | null {
  if (name === '' || name.length > SHOP_TIMEZONE_MAX_LENGTH || /^[+-]/.test(name)) return null;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  return resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
}

/** Tags as a shop keeps them: trimmed, blanks dropped, the first of case-insensitive duplicates kept. */
export function normalisedTags(tags: readonly string[]): string[] {
  const kept = new Map<string, string>();
  for (const tag of tags) {
    const text = tag.trim();
    if (text !== '' && !kept.has(text.toLowerCase())) kept.set(text.toLowerCase(), text);
  }
  return [...kept.values()];
}
