import { firstFreeSlug, slugify } from './slug';

describe('slugify (decisions §12)', () => {
  it.each([
    ['Café Niño', 'cafe-nino'],
    ['  Mi   Tienda  ', 'mi-tienda'],
    ['Pupusería "La Bendición" #2', 'pupuseria-la-bendicion-2'],
    ['ÀÉÎÕÜ ç', 'aeiou-c'],
    ['Straße & Søn', 'strasse-son'],
    ['UPPER_case.Name', 'upper-case-name'],
    ['---a---b---', 'a-b'],
    ['Tienda 24/7', 'tienda-24-7'],
  ])('%p → %p', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('falls back when nothing is left', () => {
    expect(slugify('!!!')).toBe('shop');
    expect(slugify('日本の店')).toBe('shop');
    expect(slugify('')).toBe('shop');
  });

  it('leaves room for a suffix and never ends with a hyphen', () => {
    const slug = slugify(`${'a'.repeat(239)} bcd`);
    expect(slug.length).toBeLessThanOrEqual(240);
    expect(slug.endsWith('-')).toBe(false);
    expect(slug).toBe('a'.repeat(239));
  });

  it('always matches the database format', () => {
    for (const name of ['Café Niño', '-x-', 'a  b', 'Ω', '1']) expect(slugify(name)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});

describe('firstFreeSlug', () => {
  it('keeps the base when free', () => {
    expect(firstFreeSlug('cafe-nino', new Set())).toBe('cafe-nino');
    expect(firstFreeSlug('cafe-nino', new Set(['cafe-nino-2']))).toBe('cafe-nino');
  });

  it('numbers from 2', () => {
    expect(firstFreeSlug('cafe-nino', new Set(['cafe-nino']))).toBe('cafe-nino-2');
    expect(firstFreeSlug('cafe-nino', new Set(['cafe-nino', 'cafe-nino-2']))).toBe('cafe-nino-3');
  });

  it('fills the first gap', () => {
    expect(firstFreeSlug('shop', new Set(['shop', 'shop-2', 'shop-4']))).toBe('shop-3');
    expect(firstFreeSlug('shop', new Set(['shop', 'shop-2024']))).toBe('shop-2');
  });
});
