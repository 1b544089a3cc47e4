import { randomUUID } from 'node:crypto';
import { ProbeModule, probeRuns } from '@test/support/probe.module';
import { useTestApp } from '@test/support/test-app';

describe('Idempotency (decisions §2)', () => {
  const t = useTestApp({ imports: [ProbeModule] });

  const work = (key: string | undefined, body: Record<string, unknown>, path = '/test-probe/work') => {
    const req = t.http().post(path);
    if (key !== undefined) req.set('Idempotency-Key', key);
    return req.send(body);
  };

  it('runs the handler once for 20 concurrent identical requests', async () => {
    const label = randomUUID();
    const key = randomUUID();
    const responses = await Promise.all(Array.from({ length: 20 }, () => work(key, { label, delay_ms: 300 })));
    expect(probeRuns.get(label)).toBe(1);
    const created = responses.filter((res) => res.status === 201);
    const inFlight = responses.filter((res) => res.status === 409);
    expect(created.length + inFlight.length).toBe(20);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const res of inFlight) expect(res.body.message).toMatch(/still being processed/);

    // Once finished, the same request is replayed, not run again.
    const replay = await work(key, { label, delay_ms: 300 });
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(created[0].body);
    expect(probeRuns.get(label)).toBe(1);
  });

  it('replays regardless of key order in the body', async () => {
    const label = randomUUID();
    const key = randomUUID();
    await work(key, { label, delay_ms: 0, outcome: 'ok' });
    const replay = await t.http().post('/test-probe/work').set('Idempotency-Key', key).send({ outcome: 'ok', delay_ms: 0, label });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(probeRuns.get(label)).toBe(1);
  });

  it('answers 422 when the key is reused with a different body', async () => {
    const key = randomUUID();
    const label = randomUUID();
    expect((await work(key, { label })).status).toBe(201);
    const other = await work(key, { label: `${label}-changed` });
    expect(other.status).toBe(422);
    expect(other.body.errors['Idempotency-Key'][0]).toBe('This idempotency key cannot be used with this request.');
    expect(probeRuns.get(`${label}-changed`)).toBeUndefined();
  });

  it('accepts the key from X-Idempotency-Key or the body field', async () => {
    const label = randomUUID();
    const key = randomUUID();
    const first = await t.http().post('/test-probe/work').set('X-Idempotency-Key', key).send({ label });
    const second = await t.http().post('/test-probe/work').set('X-Idempotency-Key', key).send({ label });
    expect(first.status).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');

    const bodyLabel = randomUUID();
    const bodyKey = randomUUID();
    await work(undefined, { label: bodyLabel, idempotency_key: bodyKey });
    const again = await work(undefined, { label: bodyLabel, idempotency_key: bodyKey });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(probeRuns.get(bodyLabel)).toBe(1);
  });

  it('runs every request without a key', async () => {
    const label = randomUUID();
    await work(undefined, { label });
    await work(undefined, { label });
    expect(probeRuns.get(label)).toBe(2);
  });

  it('scopes keys per endpoint', async () => {
    const key = randomUUID();
    const label = randomUUID();
    await work(key, { label });
    const other = await work(key, { label }, '/test-probe/work-other');
    expect(other.status).toBe(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(probeRuns.get(`other:${label}`)).toBe(1);
  });

  it('does not store 422 or 5xx answers, so the key can be retried', async () => {
    const key = randomUUID();
    const label = randomUUID();
    expect((await work(key, { label, outcome: 'invalid' })).status).toBe(422);
    expect((await work(key, { label, outcome: 'invalid' })).headers['idempotent-replayed']).toBeUndefined();
    expect(probeRuns.get(label)).toBe(2);

    const crashKey = randomUUID();
    const crashLabel = randomUUID();
    expect((await work(crashKey, { label: crashLabel, outcome: 'crash' })).status).toBe(500);
    expect((await work(crashKey, { label: crashLabel, outcome: 'crash' })).status).toBe(500);
    expect(probeRuns.get(crashLabel)).toBe(2);
  });

  it('stores and replays other client errors', async () => {
    const key = randomUUID();
    const label = randomUUID();
    const first = await work(key, { label, outcome: 'conflict' });
    expect(first.status).toBe(409);
    const replay = await work(key, { label, outcome: 'conflict' });
    expect(replay.status).toBe(409);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(probeRuns.get(label)).toBe(1);
  });

  it('rejects a key longer than 255 characters', async () => {
    const res = await work('k'.repeat(256), { label: randomUUID() });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('Idempotency-Key');
  });
});
