/** The longest time zone name taken (`tenants.timezone` is varchar(64)). */
export const TIME_ZONE_MAX_LENGTH = 64;

/**
 * The IANA name of a time zone `Intl` knows, as the shop keeps it, or null when `Intl` knows no such
 * zone. A name in another case than ICU's own spelling is given that spelling
 * (`america/tegucigalpa` → `America/Tegucigalpa`); a current name ICU still files under an older
 * one is kept as sent (`Asia/Kolkata`, not ICU's `Asia/Calcutta`). Offsets written as names
 * (`+05:00`) are not zones and are refused.
 */
export function canonicalTimeZone(name: string): string | null {
  if (name === '' || name.length > TIME_ZONE_MAX_LENGTH || /^[+-]/.test(name)) return null;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  return resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
}
