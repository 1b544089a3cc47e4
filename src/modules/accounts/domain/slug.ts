// Room for a "-<n>" suffix within the column's 255 characters.
const BASE_MAX_LENGTH = 240;
export const FALLBACK_SLUG = 'shop';

// Letters that Unicode decomposition leaves alone but that have a conventional ASCII spelling.
const TRANSLITERATIONS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/**
 * decisions §12: lower-case ASCII, words joined by `-`, accents stripped (`Café Niño` → `cafe-nino`).
 * A name with nothing left to keep (only symbols or a non-Latin script) gives `shop`.
 */
export function slugify(name: string): string {
  const ascii = name
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (letter) => TRANSLITERATIONS[letter])
    .normalize('NFKD')
    .replace(/\p{M}/gu, '');
  const slug = ascii
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, BASE_MAX_LENGTH)
    .replace(/-+$/, '');
  return slug === '' ? FALLBACK_SLUG : slug;
}

/**
 * `base` if free, else `base-2`, `base-3`, ... the first one not in `taken` (which holds the slugs
 * already used among `base` and `base-<n>`).
 */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix++) {
    const candidate = `${base}-${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
