import { isValidWebhookSignature, signWebhookBody } from './webhook-signature';

describe('webhook signature', () => {
  const secret = 'whsec_test';
  const body = Buffer.from('{"event":"payment.confirmed","data":{"order_id":1}}');
  const good = signWebhookBody(secret, body);

  it('accepts the lowercase hex HMAC of the exact bytes', () => {
    expect(good).toMatch(/^[0-9a-f]{64}$/);
    expect(isValidWebhookSignature(secret, body, good)).toBe(true);
  });

  it('rejects any change to the bytes, even whitespace', () => {
    expect(isValidWebhookSignature(secret, Buffer.from('{"event":"payment.confirmed", "data":{"order_id":1}}'), good)).toBe(false);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['upper case', good.toUpperCase()],
    ['too short', good.slice(0, 10)],
    ['too long', `${good}00`],
    ['not hex', 'z'.repeat(64)],
    ['an array header', [good, good]],
    ['another secret', signWebhookBody('other', body)],
  ])('rejects a signature that is %s, without throwing', (_name, signature) => {
    expect(isValidWebhookSignature(secret, body, signature)).toBe(false);
  });
});
