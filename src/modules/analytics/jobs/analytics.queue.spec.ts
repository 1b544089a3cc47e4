import { randomUUID } from 'node:crypto';
import { analyticsRowsOf, MAX_TRACK_EVENTS_PER_JOB, trackEventId, TrackEventsJob } from './analytics.queue';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the analytics queue’s jobs', () => {
  it('gives every event a job may hold its own id, a UUID that differs from the base in its last 16 bits only', () => {
    const base = randomUUID();
    const ids = new Set<string>();
    for (let i = 0; i < MAX_TRACK_EVENTS_PER_JOB; i++) ids.add(trackEventId(base, i));
    expect(ids.size).toBe(MAX_TRACK_EVENTS_PER_JOB);
    for (const id of ids) {
      expect(id).toMatch(UUID);
      expect(id.slice(0, -4)).toBe(base.slice(0, -4));
    }
    expect(trackEventId(base, 0)).toBe(base);
    expect(trackEventId(base, 5)).toBe(trackEventId(base, 5));
    expect(() => trackEventId(base, MAX_TRACK_EVENTS_PER_JOB)).toThrow(RangeError);
    expect(() => trackEventId(base, -1)).toThrow(RangeError);
  });

  it('unpacks a track-events job into rows in order, across its shops, with ISO dates and the metadata text as queued', () => {
    const at = Date.parse('2026-11-26T01:02:03.456Z');
    const job: TrackEventsJob = {
      kind: 'track-events',
      base: '3f2a9c4e-1b7d-4e8a-9c3b-5d6e7f8a0000',
      shops: [
        [
          'shop-a',
          [
            ['call', null, at, '{}'],
            ['cart_add', 7, at + 1, '{"product_id":7}'],
          ],
        ],
        ['shop-b', [['purchase', null, at + 2, '{"x":"é"}']]],
      ],
    };
    expect(analyticsRowsOf(job)).toEqual([
      {
        kind: 'track',
        eventId: '3f2a9c4e-1b7d-4e8a-9c3b-5d6e7f8a0000',
        tenantId: 'shop-a',
        type: 'call',
        productId: null,
        metadata: '{}',
        occurredAt: '2026-11-26T01:02:03.456Z',
      },
      {
        kind: 'track',
        eventId: '3f2a9c4e-1b7d-4e8a-9c3b-5d6e7f8a0001',
        tenantId: 'shop-a',
        type: 'cart_add',
        productId: 7,
        metadata: '{"product_id":7}',
        occurredAt: '2026-11-26T01:02:03.457Z',
      },
      {
        kind: 'track',
        eventId: '3f2a9c4e-1b7d-4e8a-9c3b-5d6e7f8a0002',
        tenantId: 'shop-b',
        type: 'purchase',
        productId: null,
        metadata: '{"x":"é"}',
        occurredAt: '2026-11-26T01:02:03.458Z',
      },
    ]);
  });

  it('still reads the shapes queued before: one event, and a batch of event objects', () => {
    const event = {
      kind: 'track' as const,
      eventId: 'e1',
      tenantId: 't',
      type: 'call',
      productId: null,
      metadata: { a: 1 },
      occurredAt: '2026-01-01T00:00:00.000Z',
    };
    expect(analyticsRowsOf(event)).toEqual([{ ...event, metadata: '{"a":1}' }]);
    expect(analyticsRowsOf({ kind: 'track-batch', events: [event, { ...event, eventId: 'e2' }] })).toEqual([
      { ...event, metadata: '{"a":1}' },
      { ...event, eventId: 'e2', metadata: '{"a":1}' },
    ]);
    const conversion = {
      kind: 'conversion' as const,
      tenantId: 't',
      transactionId: null,
      event: 'purchase',
      value: '1.00',
      currency: 'HNL',
      occurredAt: '2026-01-01T00:00:00.000Z',
    };
    expect(analyticsRowsOf(conversion)).toEqual([conversion]);
  });
});
