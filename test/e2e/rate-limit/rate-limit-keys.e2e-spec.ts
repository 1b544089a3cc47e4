import { randomInt, randomUUID } from 'node:crypto';
import { createTenantWithOwner } from '@test/support/factories';
import { statusesOf, uniqueClientIp } from '@test/support/http-clients';
import { ProbeModule } from '@test/support/probe.module';
import { storeKeys } from '@test/support/store-keys';
import { TestApp, useTestApp } from '@test/support/test-app';

// Decisions §2: counter keys come only from bounded, canonical values. Each test speaks as its own
// client address (TRUST_PROXY=loopback honours X-Forwarded-For), so counters never leak between tests.

/** Just under the 1 MiB body limit once wrapped in JSON. */
const HUGE = 'a'.repeat(1_000_000);

/** Every key of the test store (rate-limit counters start with `rl:`). */
const redisKeys = storeKeys;

const longestKey = async (t: TestApp) => Math.max(0, ...(await redisKeys(t)).map((key) => Buffer.byteLength(key)));

/** A /64 of the documentation range of its own: `2001:db8:<a>:<b>`. */
const uniqueIpv6Prefix = () => `2001:db8:${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}`;

/** A Honduran mobile number of its own, as its 8 national digits. */
const newNationalNumber = () => `98${String(randomInt(1_000_000)).padStart(6, '0')}`;

describe('Rate-limit keys (decisions §2)', () => {
  const t = useTestApp({
    imports: [ProbeModule],
    env: { THROTTLE_API: '2/60', THROTTLE_TENANT_AWARE: '3/60', THROTTLE_OTP_GENERATION: '3/60', THROTTLE_OTP_PER_IDENTIFIER: '1/3600' },
  });

  const interaction = (ip: string, tenantId: string) =>
    t.http().post('/api/v1/interactions').set('X-Forwarded-For', ip).send({ tenant_id: tenantId, type: 'view' });
  const generateOtp = (ip: string, identifier: string) =>
    t.http().post('/api/v1/otp/generate').set('X-Forwarded-For', ip).send({ identifier });
  const apiRoute = (ip: string) => t.http().get('/test-probe/default-group').set('X-Forwarded-For', ip);

  describe('hostile sizes', () => {
    it.each([
      ['tenant_id', '/interactions', interaction],
      ['identifier', '/otp/generate', generateOtp],
    ])('keeps a 1 MiB %s on %s out of Redis, and refuses it with a 422', async (field, _route, send) => {
      const res = await send(uniqueClientIp(), HUGE);
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual([field]);
      expect(await longestKey(t)).toBeLessThan(512);
      for (const key of await redisKeys(t, 'rl:*')) expect(key.length).toBeLessThanOrEqual(160);
    });

    it('still counts a legitimate identifier at its longest (255 characters), under a bounded key', async () => {
      const identifier = `${'x'.repeat(64)}@${'y'.repeat(63)}.${'z'.repeat(63)}.${randomUUID().replace(/-/g, '').slice(0, 20)}.example`;
      expect(identifier.length).toBeLessThanOrEqual(255);
      const before = new Set(await redisKeys(t, 'rl:*'));
      expect((await generateOtp(uniqueClientIp(), identifier)).status).toBe(200);
      expect((await generateOtp(uniqueClientIp(), identifier.toUpperCase())).status).toBe(429);
      const added = (await redisKeys(t, 'rl:*')).filter((key) => !before.has(key));
      // One per-IP counter for each of the two clients, and one for the identifier.
      expect(added).toHaveLength(3);
      for (const key of added) expect(key.length).toBeLessThanOrEqual(160);
    });
  });

  describe('tenant-aware group', () => {
    it('puts requests naming a random, unknown tenant each time in one bucket per IP', async () => {
      const ip = uniqueClientIp();
      expect(await statusesOf(4, () => interaction(ip, randomUUID()))).toEqual([202, 202, 202, 429]);
      // Malformed ids share that bucket too.
      expect((await interaction(ip, 'not-a-tenant')).status).toBe(429);
    });

    it('gives each real tenant its own bucket, apart from the unknown-tenant bucket', async () => {
      const [shop, otherShop] = [await createTenantWithOwner(t), await createTenantWithOwner(t)];
      const ip = uniqueClientIp();
      expect(await statusesOf(4, () => interaction(ip, randomUUID()))).toEqual([202, 202, 202, 429]);
      expect(await statusesOf(4, () => interaction(ip, shop.tenant.id))).toEqual([201, 201, 201, 429]);
      expect(await statusesOf(4, () => interaction(ip, otherShop.tenant.id))).toEqual([201, 201, 201, 429]);
    });
  });

  describe('OTP identifier group', () => {
    it('counts one phone number once, however it is punctuated', async () => {
      const national = newNationalNumber();
      const dashed = `+504-${national.slice(0, 4)}-${national.slice(4)}`;
      const bracketed = `+504(${national.slice(0, 4)})${national.slice(4)}`;
      expect((await generateOtp(uniqueClientIp(), dashed)).status).toBe(200);
      expect((await generateOtp(uniqueClientIp(), bracketed)).status).toBe(429);
      expect((await generateOtp(uniqueClientIp(), `+504 ${national}`)).status).toBe(429);
      // Positive control: another number has its own budget.
      expect((await generateOtp(uniqueClientIp(), `+504${newNationalNumber()}`)).status).toBe(200);
    });

    it('counts one email address once, whatever its case and surrounding spaces', async () => {
      const email = `Keys-${randomUUID()}@Example.test`;
      expect((await generateOtp(uniqueClientIp(), email)).status).toBe(200);
      expect((await generateOtp(uniqueClientIp(), `  ${email.toLowerCase()} `)).status).toBe(429);
    });

    it('creates no identifier counter for a request the per-IP group refused', async () => {
      const ip = uniqueClientIp();
      expect(await statusesOf(3, () => generateOtp(ip, `first-${randomUUID()}@example.test`))).toEqual([200, 200, 200]);
      const email = `refused-${randomUUID()}@example.test`;
      expect((await generateOtp(ip, email)).status).toBe(429);
      expect(await redisKeys(t, `rl:api.otp-identifier:*${email}*`)).toEqual([]);
      // So the address still has its whole budget for a client that is not limited.
      expect((await generateOtp(uniqueClientIp(), email)).status).toBe(200);
      expect((await generateOtp(uniqueClientIp(), email)).status).toBe(429);
    });
  });

  describe('client address', () => {
    it('counts IPv6 clients per /64', async () => {
      const prefix = uniqueIpv6Prefix();
      expect((await apiRoute(`${prefix}::1`)).status).toBe(200);
      expect((await apiRoute(`${prefix}:1234:5678:9abc:def0`)).status).toBe(200);
      expect((await apiRoute(`${prefix}::ffff`)).status).toBe(429);
      // Positive control: the next /64 is another client.
      const [a, b, c, d] = prefix.split(':');
      const next = `${a}:${b}:${c}:${(parseInt(d, 16) ^ 1).toString(16)}`;
      expect((await apiRoute(`${next}::1`)).status).toBe(200);
    });

    it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
      const ip = uniqueClientIp();
      expect((await apiRoute(ip)).status).toBe(200);
      expect((await apiRoute(`::ffff:${ip}`)).status).toBe(200);
      expect((await apiRoute(ip)).status).toBe(429);
    });
  });
});
