import { randomUUID } from 'node:crypto';
import { CatalogChanges } from '@infra/catalog-changes/catalog-changes';
import { createProduct, createShop } from '@test/support/commerce-factories';
import { authHeader } from '@test/support/factories';
import { useTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

const POSTGRES_ONLY = { REDIS_URL: '', STORE_BACKEND: 'postgres', QUEUE_BACKEND: 'postgres' };

/**
 * The "catalog changed" channel between API instances (docs/storefront.md, "When PostgreSQL or
 * Redis is away"): a merchant's change through one instance is heard by the other, and only by
 * the instances of the same QUEUE_PREFIX.
 */
describe.each([
  ['Redis', {}],
  ['PostgreSQL only', POSTGRES_ONLY],
])('The catalog changes channel (%s)', (_mode, env: Record<string, string>) => {
  jest.setTimeout(60_000);
  const prefix = `catalog-channel-${randomUUID().slice(0, 8)}`;
  const one = useTestApp({ role: 'api', env: { ...env, QUEUE_PREFIX: prefix } });
  const other = useTestApp({ role: 'api', env: { ...env, QUEUE_PREFIX: prefix } });
  const elsewhere = useTestApp({ role: 'api', env: { ...env, QUEUE_PREFIX: `${prefix}-other` } });

  it("tells every instance of the deployment which shop changed, after the change's commit", async () => {
    const heard: string[] = [];
    const heardElsewhere: string[] = [];
    other.get(CatalogChanges).subscribe(
      (tenantId) => heard.push(tenantId),
      () => undefined,
    );
    elsewhere.get(CatalogChanges).subscribe(
      (tenantId) => heardElsewhere.push(tenantId),
      () => undefined,
    );
    // The listeners are connected once a change published by `one` reaches `other`, and one
    // published by `elsewhere` comes back to it (its own copies were dropped once already, locally).
    await waitFor(
      async () => {
        const probe = randomUUID();
        await one.get(CatalogChanges).changed(probe);
        await elsewhere.get(CatalogChanges).changed(probe);
        await waitFor(() => heard.includes(probe) && heardElsewhere.filter((id) => id === probe).length === 2, { timeoutMs: 1_000 });
        return true;
      },
      { what: 'the listeners to be connected' },
    );

    const { tenant, token } = await createShop(one);
    const product = await createProduct(one, tenant.id);
    const res = await one.http().patch(`/api/v1/merchant/products/${product.id}`).set(authHeader(token)).send({ price: 12 });
    expect(res.status).toBe(200);
    await waitFor(() => heard.includes(tenant.id), { what: 'the other instance to hear of the change' });
    expect(heardElsewhere).not.toContain(tenant.id);
  });
});
