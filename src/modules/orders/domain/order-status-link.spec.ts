import { orderStatusLink, orderStatusLinkKey, orderStatusToken, orderStatusTokenMatches } from './order-status-link';

const KEY = orderStatusLinkKey('base64:' + Buffer.alloc(32, 7).toString('base64'));
const TENANT = '4f0c2a8e-8a51-4d4e-9a35-2b8d1e0f6a11';
const OTHER_TENANT = '0b7e9a52-1c3d-4e5f-8a9b-0c1d2e3f4a5b';

describe('order status links', () => {
  it('signs tenant and order into a URL-safe token of 32 characters, the same every time', () => {
    const token = orderStatusToken(KEY, TENANT, 42);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(orderStatusToken(KEY, TENANT, 42)).toBe(token);
    expect(orderStatusToken(KEY, TENANT.toUpperCase(), 42)).toBe(token);
  });

  it("accepts only the order's own token: another order, another shop, another key, a changed character", () => {
    const token = orderStatusToken(KEY, TENANT, 42);
    expect(orderStatusTokenMatches(KEY, TENANT, 42, token)).toBe(true);
    expect(orderStatusTokenMatches(KEY, TENANT, 43, token)).toBe(false);
    expect(orderStatusTokenMatches(KEY, OTHER_TENANT, 42, token)).toBe(false);
    expect(orderStatusTokenMatches(orderStatusLinkKey('another key of the service'), TENANT, 42, token)).toBe(false);
    const changed = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
    expect(orderStatusTokenMatches(KEY, TENANT, 42, changed)).toBe(false);
    expect(orderStatusTokenMatches(KEY, TENANT, 42, '')).toBe(false);
    expect(orderStatusTokenMatches(KEY, TENANT, 42, `${token}x`)).toBe(false);
  });

  it('derives a key of its own from APP_KEY: not the key itself', () => {
    expect(orderStatusLinkKey('k').equals(Buffer.from('k'))).toBe(false);
  });

  it('writes the link under the shop pages, with the APP_URL given with or without a trailing slash', () => {
    const link = orderStatusLink('k', 'https://shop.example.test/', { id: TENANT, slug: 'la-tienda' }, { id: 42, order_number: '1001' });
    expect(link).toMatch(/^https:\/\/shop\.example\.test\/s\/la-tienda\/orders\/1001\?token=[A-Za-z0-9_-]{32}$/);
  });
});
