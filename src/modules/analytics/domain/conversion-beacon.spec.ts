import { parseBeaconBody, readConversionBeacon } from './conversion-beacon';

const now = new Date('2026-06-01T12:00:00Z');

describe('conversion beacon', () => {
  it('reads JSON sent as text, and anything else as no fields', () => {
    expect(parseBeaconBody('{"tenant_slug":"shop"}')).toEqual({ tenant_slug: 'shop' });
    expect(parseBeaconBody('not json')).toEqual({});
    expect(parseBeaconBody('[1]')).toEqual({});
    expect(parseBeaconBody(null)).toEqual({});
  });

  it('reads a body the JSON routes would refuse as hostile as no fields', () => {
    expect(parseBeaconBody('{"tenant_slug":"shop","transaction_id":"t\\u0000"}')).toEqual({});
    expect(parseBeaconBody({ tenant_slug: 'shop', ['k\u0000']: 1 })).toEqual({});
    expect(parseBeaconBody(`{"tenant_slug":"shop","x":${'['.repeat(40)}${']'.repeat(40)}}`)).toEqual({});
  });

  it('keeps well-formed fields', () => {
    const beacon = readConversionBeacon(
      {
        tenant_slug: ' shop ',
        transaction_id: 42,
        event: 'signup',
        value: '19.999',
        currency: 'usd',
        timestamp: '2026-05-01T10:00:00+02:00',
      },
      now,
    );
    expect(beacon).toEqual({
      tenantSlug: 'shop',
      transactionId: '42',
      event: 'signup',
      value: '20.00',
      currency: 'USD',
      occurredAt: '2026-05-01T08:00:00.000Z',
    });
  });

  it('replaces unusable fields with the defaults instead of refusing the beacon', () => {
    const beacon = readConversionBeacon({ event: 'Big Sale!', value: -3, currency: 'euro', timestamp: 'yesterday' }, now);
    expect(beacon).toEqual({
      tenantSlug: '',
      transactionId: null,
      event: 'purchase',
      value: '0.00',
      currency: 'HNL',
      occurredAt: now.toISOString(),
    });
  });
});
