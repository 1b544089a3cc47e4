import { prepared, preparedNameOf } from './prepared-statements';

describe('prepared()', () => {
  it('names each distinct text once, and stops naming past 100 texts', () => {
    const texts = Array.from({ length: 101 }, (_, index) => `SELECT $1::int + ${index}`);
    expect(prepared(texts[0])).toBe(texts[0]);
    expect(prepared(texts[0])).toBe(texts[0]);
    for (const text of texts.slice(1)) prepared(text);
    const names = texts.slice(0, 100).map(preparedNameOf);
    expect(new Set(names).size).toBe(100);
    expect(names.every((name) => /^sf_\d+$/.test(name ?? ''))).toBe(true);
    expect(preparedNameOf(texts[100])).toBeUndefined();
    expect(preparedNameOf('SELECT 1')).toBeUndefined();
  });
});
