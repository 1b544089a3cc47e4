/**
 * The form in which product names and descriptions are searched and names are sorted (decisions §18):
 * lower-case, accents and other combining marks dropped (`Café Niño` → `cafe nino`), white space
 * collapsed. The catalog writes it beside each product (`name_key`, `description_key`) and a search
 * term is brought to the same form, so "cafe" finds "Café" and "CAFÉ" without any PostgreSQL
 * extension for accents; pg_trgm's index serves the substring match (docs/storefront.md).
 */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .trim();
}

/** `%term%` for `LIKE`, with the pattern's own characters taken literally (`\` is LIKE's default escape). */
export function containsPattern(key: string): string {
  return `%${key.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
