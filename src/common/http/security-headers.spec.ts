import { HSTS, securityHeaders } from './security-headers';

describe('securityHeaders', () => {
  it('always says nosniff', () => {
    for (const NODE_ENV of ['development', 'test', 'production'])
      expect(securityHeaders({ NODE_ENV, APP_URL: 'http://localhost:3000' })).toEqual([['X-Content-Type-Options', 'nosniff']]);
  });

  it('adds Strict-Transport-Security only in production behind an https APP_URL', () => {
    expect(securityHeaders({ NODE_ENV: 'production', APP_URL: 'https://shop.example' })).toContainEqual([
      'Strict-Transport-Security',
      HSTS,
    ]);
    expect(securityHeaders({ NODE_ENV: 'production', APP_URL: 'HTTPS://shop.example' })).toContainEqual([
      'Strict-Transport-Security',
      HSTS,
    ]);
    expect(securityHeaders({ NODE_ENV: 'development', APP_URL: 'https://shop.example' })).toHaveLength(1);
    expect(securityHeaders({ NODE_ENV: 'production', APP_URL: 'http://shop.example' })).toHaveLength(1);
  });
});
