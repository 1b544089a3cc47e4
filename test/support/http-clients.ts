import type { Response, Test } from 'supertest';
import { authHeader, useTenantWithOwner } from './factories';
import { TestApp, useTestApp } from './test-app';

/**
 * Request builders shared by the specs. Each answers supertest's request, so a spec can still add
 * headers or `.expect(...)`.
 */

/** The five routes of a merchant resource at `path` (`/api/v1/merchant/products`), as the holder of `token`. */
function merchantClient(t: TestApp, path: string) {
  return (token: string) => ({
    post: (body: object) => t.http().post(path).set(authHeader(token)).send(body),
    list: (query = '') => t.http().get(`${path}${query}`).set(authHeader(token)),
    get: (id: string | number) => t.http().get(`${path}/${id}`).set(authHeader(token)),
    patch: (id: string | number, body: object) => t.http().patch(`${path}/${id}`).set(authHeader(token)).send(body),
    delete: (id: string | number) => t.http().delete(`${path}/${id}`).set(authHeader(token)),
  });
}

/**
 * What the specs of a merchant resource share: the app, two shops with their owners (`shop` and the
 * `otherShop` it must not reach), and `as(token)`, the resource's routes as the holder of a token.
 */
export function useMerchantResource(path: string) {
  const t = useTestApp();
  return { t, shop: useTenantWithOwner(t), otherShop: useTenantWithOwner(t), as: merchantClient(t, path) };
}

/** A 422 with a message whose errors name exactly `fields`. */
export function expectInvalid(res: Response, fields: string[]): void {
  expect({ status: res.status, message: res.body.message, fields: Object.keys(res.body.errors ?? {}) }).toEqual({
    status: 422,
    message: expect.any(String),
    fields,
  });
}

/** A 400 whose body is only `{ message }`: any message, or one that matches `message`. */
export function expectBadRequest(res: Response, message: unknown = expect.any(String)): void {
  expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { message } });
}

/** The same five routes without any token, one after another: create, list, show, update, delete. */
export async function withoutToken(t: TestApp, path: string, id: string | number, body: object): Promise<Response[]> {
  return [
    await t.http().post(path).send(body),
    await t.http().get(path),
    await t.http().get(`${path}/${id}`),
    await t.http().patch(`${path}/${id}`).send(body),
    await t.http().delete(`${path}/${id}`),
  ];
}

/** POST /api/v1/orders on a storefront: the shop by X-Tenant-ID (none with null), plus any other headers. */
export function placeOrder(t: TestApp, tenantId: string | null, body: object, headers: Record<string, string> = {}): Test {
  const req = t.http().post('/api/v1/orders').set(headers);
  return (tenantId === null ? req : req.set('X-Tenant-ID', tenantId)).send(body);
}

/** POST /api/v1/analytics/track of a `call` event for the shop, from a client address of its own (no shared rate limit). */
export function trackEvent(t: TestApp, tenantId: string, metadata: object = {}): Test {
  return t
    .http()
    .post('/api/v1/analytics/track')
    .set('X-Forwarded-For', uniqueClientIp())
    .send({ tenant_id: tenantId, type: 'call', metadata });
}

/** Sends `count` requests one after the other (the next only once the previous was answered) and answers their statuses. */
export async function statusesOf(count: number, send: (index: number) => Test): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await send(i)).status);
  return statuses;
}

const octet = () => Math.floor(Math.random() * 250) + 1;

/**
 * A client address of its own for X-Forwarded-For (the test env trusts the loopback proxy), so that
 * rate-limit counters never leak between tests or runs.
 */
export const uniqueClientIp = () => `10.${octet()}.${octet()}.${octet()}`;

/** The rate-limit headers of a response as numbers: which budget counted it, and what is left of it. */
export function rateLimitOf(res: Response): { limit: number; remaining: number } {
  return { limit: Number(res.headers['x-ratelimit-limit']), remaining: Number(res.headers['x-ratelimit-remaining']) };
}
