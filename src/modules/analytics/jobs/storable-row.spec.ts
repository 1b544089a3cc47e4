import { isDataError, storableConversion, storableTrack, unstorableReason } from './storable-row';

/** What every queued analytics job carries, whatever its kind. */
const queued = { tenantId: 't', occurredAt: '2026-01-01T00:00:00.000Z' };

describe('storable analytics rows', () => {
  it('tells a refused value (SQLSTATE 22, 23) from a failure to run the statement', () => {
    expect(isDataError({ code: '22P05' })).toBe(true);
    expect(isDataError({ code: '23503' })).toBe(true);
    expect(isDataError({ driverError: { code: '22021' } })).toBe(true);
    expect(isDataError({ code: '57P01' })).toBe(false);
    expect(isDataError({ code: 'ECONNREFUSED' })).toBe(false);
    expect(isDataError(new Error('timeout'))).toBe(false);
    expect(isDataError(null)).toBe(false);
  });

  it('replaces a track event’s metadata with a marker and drops a product id beyond int4', () => {
    const job = { ...queued, kind: 'track' as const, eventId: 'e', type: 'call', productId: 3_000_000_000, metadata: '{"note":"\\u0000"}' };
    expect(storableTrack(job, 'unsupported Unicode escape sequence')).toEqual({
      ...job,
      productId: null,
      metadata: '{"_unstorable":true,"error":"unsupported Unicode escape sequence"}',
    });
    expect(storableTrack({ ...job, productId: 7 }, 'x').productId).toBe(7);
  });

  it('replaces NULs and lone surrogates in a conversion’s transaction id, keeping valid pairs', () => {
    const job = {
      ...queued,
      kind: 'conversion' as const,
      transactionId: 'a\u0000b\ud800c\udc00d😀',
      event: 'purchase',
      value: '1.00',
      currency: 'HNL',
    };
    expect(storableConversion(job).transactionId).toBe('a\ufffdb\ufffdc\ufffdd😀');
    expect(storableConversion({ ...job, transactionId: null }).transactionId).toBeNull();
  });

  it('keeps the reason short', () => {
    expect(unstorableReason(new Error('x'.repeat(500)))).toHaveLength(200);
  });
});
