import { searchKey } from './catalog-search';

/** The longest slug a name gives, before a `-2`, `-3` suffix. */
const SLUG_BASE_MAX = 120;

/**
 * The slug a category's name gives (docs/catalog.md, "Categories"): lower case, accents dropped,
 * every run of other characters a single `-` (`Cafés & Tés` → `cafes-tes`); `categoria` when the
 * name holds no letter or digit.
 */
export function categorySlug(name: string): string {
  const slug = searchKey(name)
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_BASE_MAX)
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'categoria' : slug;
}

/** The first of `base`, `base-2`, `base-3`… that `taken` does not hold. */
export function freeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
