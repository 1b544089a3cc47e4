import { canonicalTimeZone } from './time-zone';

describe('time zone names', () => {
  it('knows IANA zones through Intl and answers their canonical spelling', () => {
    expect(canonicalTimeZone('America/Tegucigalpa')).toBe('America/Tegucigalpa');
    expect(canonicalTimeZone('america/tegucigalpa')).toBe('America/Tegucigalpa');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('utc')).toBe('UTC');
    expect(canonicalTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
  });

  it('refuses unknown zones, offsets, blanks and overlong names', () => {
    for (const name of ['Mars/Olympus_Mons', '+05:00', '-0600', '', ' ', 'America/'.padEnd(65, 'x'), 'Not a zone']) {
      expect({ name, zone: canonicalTimeZone(name) }).toEqual({ name, zone: null });
    }
  });
});
