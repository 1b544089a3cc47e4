import { loggableUrl, MAX_LOGGED_URL_LENGTH } from './loggable-url';

describe('loggableUrl', () => {
  it('keeps the path of a signed download and none of its query', () => {
    const url = '/api/v1/exports/0b7c3e1e-4a8e-4d55-9a53-0b0c1d2e3f40/download?expires=1795692544&signature=' + 'ab'.repeat(32);
    expect(loggableUrl(url)).toBe('/api/v1/exports/0b7c3e1e-4a8e-4d55-9a53-0b0c1d2e3f40/download');
  });

  it('keeps whitelisted parameters in their order and drops every other, name and value', () => {
    expect(loggableUrl('/api/v1/orders?status=pending&token=secret&code=123456&page=2&x=y')).toBe('/api/v1/orders?status=pending&page=2');
    expect(loggableUrl('/api/v1/orders?cursor=abc&tenant_id=t1&access_token=z')).toBe('/api/v1/orders?cursor=abc&tenant_id=t1');
    expect(loggableUrl('/api/v1/orders?page')).toBe('/api/v1/orders?page=');
  });

  it('drops a query with nothing whitelisted, and a fragment', () => {
    expect(loggableUrl('/api/v1/auth/callback?code=abc&state=def')).toBe('/api/v1/auth/callback');
    expect(loggableUrl('/api/v1/orders?token=x#page=2')).toBe('/api/v1/orders');
    expect(loggableUrl('/dashboard/#token=x')).toBe('/dashboard/');
  });

  it('is not fooled by a whitelisted name as a prefix, suffix or encoded', () => {
    expect(loggableUrl('/x?pagex=1&xpage=2&pag%65=3&signature=s')).toBe('/x');
  });

  it('cuts a whitelisted value at 100 characters and the whole at 512', () => {
    expect(loggableUrl(`/x?q=${'a'.repeat(300)}`)).toBe(`/x?q=${'a'.repeat(100)}`);
    const long = loggableUrl(`/api/v1/exports/${'A'.repeat(15 * 1024)}?page=1`);
    expect(long).toHaveLength(MAX_LOGGED_URL_LENGTH);
    expect(long.startsWith('/api/v1/exports/AAAA')).toBe(true);
  });

  it('answers an empty text for no URL', () => {
    expect(loggableUrl(undefined)).toBe('');
    expect(loggableUrl('')).toBe('');
  });
});
