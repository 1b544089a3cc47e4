import { formatDateTime, formatDay, shopLanguage, shopTimezone } from './shop-locale';

describe('shop locale', () => {
  const moment = new Date('2026-11-24T20:30:00.000Z');

  it('writes a moment in the shop language and time zone', () => {
    expect(formatDateTime(moment, 'es', 'America/Tegucigalpa')).toBe('martes 24 de noviembre de 2026, 2:30 p. m. GMT-6');
    expect(formatDateTime(moment, 'en', 'America/Tegucigalpa')).toBe('Tuesday, November 24, 2026 at 2:30 PM CST');
    expect(formatDateTime(moment, 'en', 'Asia/Tokyo')).toContain('Wednesday, November 25, 2026 at 5:30 AM');
  });

  it('writes a calendar day without shifting it', () => {
    expect(formatDay('2026-11-01', 'es')).toBe('1 de noviembre de 2026');
    expect(formatDay('2026-11-01', 'en')).toBe('November 1, 2026');
  });

  it('falls back to Spanish and Tegucigalpa on values it does not know', () => {
    expect(shopLanguage('fr')).toBe('es');
    expect(shopLanguage('en')).toBe('en');
    expect(shopTimezone('Not/AZone')).toBe('America/Tegucigalpa');
    expect(shopTimezone('Europe/Madrid')).toBe('Europe/Madrid');
  });
});
