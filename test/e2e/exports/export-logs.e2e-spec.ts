import { createProduct, createShop } from '@test/support/commerce-factories';
import { download, insertOrder, notificationFor, post } from '@test/support/exports';
import { authHeader } from '@test/support/factories';
import { allLogText } from '@test/support/logged-messages';
import { useTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

/** The request line pino-http wrote for the request whose `X-Request-Id` was `id`. */
function requestLine(logs: Array<Record<string, unknown>>, id: string): Promise<{ url: string }> {
  return waitFor(
    () => {
      const line = logs.find((entry) => (entry.req as { id?: string } | undefined)?.id === id && entry.res !== undefined);
      return line ? (line.req as { url: string }) : undefined;
    },
    { what: `the request line of ${id}` },
  );
}

describe('What logs keep of a request (decisions §11, §15 "Logs")', () => {
  // Request lines are written at level info.
  const t = useTestApp({ logLevel: 'info' });

  async function readyExport() {
    const shop = await createShop(t);
    const product = await createProduct(t, shop.tenant.id);
    await insertOrder(t, shop.tenant.id, { items: [{ productId: product.id, name: 'Thing', price: '10.00', quantity: 1 }] });
    const res = await post(t, '/api/v1/exports/orders', shop.token);
    await notificationFor(t, shop.owner.id, 'export_ready', res.body.export_id);
    const shown = await t.http().get(`/api/v1/exports/${res.body.export_id}`).set(authHeader(shop.token));
    return { shop, exportId: res.body.export_id as string, url: shown.body.data.download_url as string };
  }

  it('the access log of a signed download holds its path, never its signature or expiry', async () => {
    const { exportId, url } = await readyExport();
    const link = new URL(url);
    const signature = link.searchParams.get('signature')!;
    const expires = link.searchParams.get('expires')!;

    const ok = await download(t, url).set('X-Request-Id', `download-ok-${exportId}`);
    expect(ok.status).toBe(200);
    // A refused one too: a wrong signature is as much a secret's shape as a right one.
    const flipped = (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1);
    const refused = await t
      .http()
      .get(`/api/v1/exports/${exportId}/download?expires=${expires}&signature=${flipped}`)
      .set('X-Request-Id', `download-refused-${exportId}`);
    expect(refused.status).toBe(403);

    expect((await requestLine(t.logs, `download-ok-${exportId}`)).url).toBe(`/api/v1/exports/${exportId}/download`);
    expect((await requestLine(t.logs, `download-refused-${exportId}`)).url).toBe(`/api/v1/exports/${exportId}/download`);
    // Every line but the mails that the development log transport prints whole (MAIL_URL=log outside
    // production, docs/security.md): the app's worker may be sending another test's report mail,
    // whose link is that mail's content, not a log of this request.
    const text = t.logs
      .filter((line) => line.context !== 'MailTransport')
      .map((line) => JSON.stringify(line))
      .join('\n');
    expect(text).toContain(`download-ok-${exportId}`);
    for (const secret of [signature, flipped, `expires=${expires}`, 'signature=']) expect(text).not.toContain(secret);
  });

  it('keeps whitelisted query parameters and drops any other (token, code, anything unknown)', async () => {
    const shop = await createShop(t);
    const id = `orders-list-${shop.tenant.id}`;
    const res = await t
      .http()
      .get('/api/v1/orders?status=pending&token=tok-secret-1&code=123456&page=1&x=unknown-value')
      .set(authHeader(shop.token))
      .set('X-Request-Id', id);
    expect(res.status).toBe(422); // the unknown parameters are refused, and the line still leaves their values out
    const { url } = await requestLine(t.logs, id);
    expect(url).toBe('/api/v1/orders?status=pending&page=1');
    const text = allLogText(t);
    for (const secret of ['tok-secret-1', '123456', 'unknown-value']) expect(text).not.toContain(secret);
  });

  it('a security-log row of a 15 KB URL stores at most 512 characters of it', async () => {
    const { exportId } = await readyExport();
    const intruder = await createShop(t);
    const padding = 'A'.repeat(15 * 1024);
    const res = await t.http().get(`/api/v1/exports/${exportId}?pad=${padding}`).set(authHeader(intruder.token));
    expect(res.status).toBe(404);
    const row = await waitFor(
      async () =>
        (
          await t.db.query(
            `SELECT details->>'path' AS path, length(details::text) AS size FROM security_log WHERE resource_id = $1 AND user_id = $2`,
            [exportId, intruder.owner.id],
          )
        )[0],
      { what: 'the security-log row' },
    );
    expect(row.path.length).toBeLessThanOrEqual(512);
    expect(row.path.startsWith(`/api/v1/exports/${exportId}`)).toBe(true);
    expect(row.size).toBeLessThan(1024);
    // Nor does the warning line written with it carry the whole URL.
    expect(allLogText(t)).not.toContain(padding.slice(0, 600));
  });
});
