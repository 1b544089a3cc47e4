import { parseIsoTimestamp } from './is-iso-timestamp.decorator';

describe('parseIsoTimestamp', () => {
  it.each([
    ['2030-01-01', '2030-01-01T00:00:00.000Z'],
    ['2030-01-01T10:20', '2030-01-01T10:20:00.000Z'],
    ['2030-01-01T10:20:30', '2030-01-01T10:20:30.000Z'],
    ['2030-01-01T10:20:30.123Z', '2030-01-01T10:20:30.123Z'],
    ['2030-01-01T00:00:00-06:00', '2030-01-01T06:00:00.000Z'],
    ['2028-02-29T12:00:00+01:00', '2028-02-29T11:00:00.000Z'],
  ])('%s is %s', (text, expected) => {
    expect(parseIsoTimestamp(text)?.toISOString()).toBe(expected);
  });

  it.each([
    '',
    'tomorrow',
    '2030-02-30',
    '2029-02-29',
    '2030-13-01',
    '2030-01-01T24:00:00Z',
    '2030-01-01T10:60Z',
    '2030-01-01 10:00',
    '2030-W01-1',
    '2030-01-01T10:00:00+0600',
    1 as unknown as string,
  ])('refuses %j', (text) => {
    expect(typeof text === 'string' ? parseIsoTimestamp(text) : null).toBeNull();
  });
});
