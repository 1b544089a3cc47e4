import { categorySlug, freeSlug } from './category-slug';

describe('categorySlug', () => {
  it('writes the name in lower case, without accents, words joined by one dash', () => {
    expect(categorySlug('Cafés & Tés')).toBe('cafes-tes');
    expect(categorySlug('  Postres   de la casa ')).toBe('postres-de-la-casa');
    expect(categorySlug('Niño')).toBe('nino');
  });

  it('gives "categoria" for a name without letters or digits, and stays short', () => {
    expect(categorySlug('¡¡!!')).toBe('categoria');
    expect(categorySlug('a'.repeat(200))).toHaveLength(120);
  });

  it('adds -2, -3… to a slug already taken', () => {
    expect(freeSlug('cafe', new Set())).toBe('cafe');
    expect(freeSlug('cafe', new Set(['cafe', 'cafe-2']))).toBe('cafe-3');
  });
});
