import { shortened } from './shortened';

describe('shortened', () => {
  it('keeps a text within the bound as it is', () => {
    expect(shortened('Café de altura', 14)).toBe('Café de altura');
  });

  it('cuts a longer one to the bound, the ellipsis included, never inside a code point', () => {
    expect(shortened('<'.repeat(5000), 300)).toBe(`${'<'.repeat(299)}…`);
    expect(Array.from(shortened('😀'.repeat(20), 10))).toHaveLength(10);
    expect(shortened('😀'.repeat(20), 10)).toBe(`${'😀'.repeat(9)}…`);
    expect(shortened('uno dos tres', 9)).toBe('uno dos…');
  });
});
