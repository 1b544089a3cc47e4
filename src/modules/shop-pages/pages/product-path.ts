/** At most this many characters of the name go into a product's address. */
const NAME_SLUG_MAX = 60;

/**
 * The name as it reads in a product's address: lower case, accents and other marks dropped, every
 * run of anything but a–z and 0–9 one `-`, at most 60 characters (`Café Niño 1 kg` → `cafe-nino-1-kg`).
 * Empty for a name with no letter or digit of that kind.
 */
function nameSlug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, NAME_SLUG_MAX)
    .replace(/^-+|-+$/g, '');
}

/** The canonical path of a product's page: `/s/{slug}/p/{id}-{name-slug}` (`/s/{slug}/p/{id}` when the name gives no slug). */
export function productPath(shopSlug: string, product: { id: number; name: string }): string {
  const words = nameSlug(product.name);
  return `/s/${shopSlug}/p/${product.id}${words ? `-${words}` : ''}`;
}
