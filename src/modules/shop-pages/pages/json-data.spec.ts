import { scriptSafeJson } from './json-data';

describe('scriptSafeJson', () => {
  it('keeps any text inside its script element, and the same value when parsed', () => {
    const value = { name: '</script><script>alert(1)</script><!-- & \u2028 \u2029', nested: ['</SCRIPT>'] };
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
