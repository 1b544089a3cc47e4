import { WebhookProviders } from './webhook-providers';

describe('WebhookProviders', () => {
  it('with one secret, ignores the header: every delivery is PAYMENT_PROVIDER’s', () => {
    const providers = new WebhookProviders('acme', 's3cret', new Map());
    for (const header of [undefined, '', 'acme', 'stripe', ['a', 'b']]) {
      expect(providers.select(header)).toEqual({ name: 'acme', secret: 's3cret' });
    }
  });

  it('with several, the header (else PAYMENT_PROVIDER) picks a listed provider and its secret only', () => {
    const providers = new WebhookProviders(
      'alpha',
      '',
      new Map([
        ['alpha', 'a-secret'],
        ['beta', 'b-secret'],
      ]),
    );
    expect(providers.select('beta')).toEqual({ name: 'beta', secret: 'b-secret' });
    expect(providers.select(undefined)).toEqual({ name: 'alpha', secret: 'a-secret' });
    expect(providers.select('')).toEqual({ name: 'alpha', secret: 'a-secret' });
    for (const header of ['gamma', 'Beta', 'alpha, beta', ['alpha', 'beta']]) expect(providers.select(header)).toBeNull();
  });

  it('with several and a PAYMENT_PROVIDER not among them, the header is required', () => {
    expect(new WebhookProviders('default', '', new Map([['alpha', 'a']])).select(undefined)).toBeNull();
  });
});
