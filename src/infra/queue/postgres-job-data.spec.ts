import { decodeJobData, encodeJobData } from './postgres-job-data';

describe('Job data on PostgreSQL (jsonb)', () => {
  const cases: unknown[] = [
    { note: 'nul \u0000 in a value' },
    { ['nul \u0000 in a key']: 1 },
    { note: 'a lone surrogate \ud800 and \udfff' },
    { note: 'a literal backslash-u0000: \\u0000' },
    { $sf: 'looks encoded', ['$sf:json']: 'x' },
    { ['$sf:json']: 'looks encoded' },
    { plain: 'ñandú 😀', n: [1, 2, 3] },
  ];

  it.each(cases)('reads back exactly what was written: %j', (data) => {
    const json = JSON.stringify(data);
    const stored = encodeJobData(json);
    expect(stored).not.toMatch(/\\u0000|\\ud[89a-f]/i);
    expect(JSON.parse(decodeJobData(stored))).toEqual(data);
    expect(decodeJobData(stored)).toBe(json);
  });

  it('leaves data jsonb can hold as it is', () => {
    const json = JSON.stringify({ plain: 'ñandú 😀' });
    expect(encodeJobData(json)).toBe(json);
    expect(decodeJobData(json)).toBe(json);
  });
});
