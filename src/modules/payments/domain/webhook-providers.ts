/** The provider a delivery is filed under, and the one secret that may sign it. */
export interface WebhookProvider {
  name: string;
  secret: string;
}

/**
 * Which secret verifies a delivery (decisions §10). X-Payment-Provider is not signed, so it must
 * never change what a signed delivery means:
 * - one secret (PAYMENT_WEBHOOK_SECRET): the header is ignored; every delivery is PAYMENT_PROVIDER's.
 * - several (PAYMENT_WEBHOOK_SECRETS): the header (else PAYMENT_PROVIDER) names a listed provider,
 *   and only that provider's secret may verify. Secrets are distinct (checked at start-up), so a
 *   signature proves the provider, and a delivery cannot be replayed under another provider's name.
 * Either way the provider in the deduplication key is the owner of the secret that verified.
 */
export class WebhookProviders {
  constructor(
    private readonly defaultProvider: string,
    private readonly singleSecret: string,
    private readonly secretsByName: ReadonlyMap<string, string>,
  ) {}

  /** The provider to verify against, or null when the header names no listed provider. */
  select(header: string | string[] | undefined): WebhookProvider | null {
    if (this.secretsByName.size === 0) return { name: this.defaultProvider, secret: this.singleSecret };
    if (Array.isArray(header)) return null;
    const name = header || this.defaultProvider;
    const secret = this.secretsByName.get(name);
    return secret === undefined ? null : { name, secret };
  }
}
