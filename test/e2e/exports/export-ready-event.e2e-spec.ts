import { createProduct, createShop } from '@test/support/commerce-factories';
import { download, insertOrder, parseCsv, post } from '@test/support/exports';
import { authHeader, createStaff } from '@test/support/factories';
import { eventsOf, handshake, useRealtimeClients } from '@test/support/socket-clients';
import { useTestApp } from '@test/support/test-app';

describe('export.ready carries the export id only (decisions §15 "Revocation is total")', () => {
  const t = useTestApp();
  const clients = useRealtimeClients();

  it('a connected merchant gets { export_id }, then fetches a fresh link through GET /exports/{id} and downloads', async () => {
    const shop = await createShop(t);
    const staff = await createStaff(t, shop.tenant);
    const product = await createProduct(t, shop.tenant.id, { name: 'Camisa', price: '150.00' });
    const order = await insertOrder(t, shop.tenant.id, {
      items: [{ productId: product.id, name: 'Camisa', price: '150.00', quantity: 1 }],
    });
    const other = await createShop(t);

    const owner = clients.connect(t.baseUrl, { auth: { token: shop.token } });
    const member = clients.connect(t.baseUrl, { auth: { token: staff.token } });
    for (const client of [owner, member]) expect(await handshake(client)).toEqual({ connected: true });

    const res = await post(t, '/api/v1/exports/orders', shop.token);
    expect(res.status).toBe(202);
    const exportId = res.body.export_id as string;

    // The whole room sees the event: it names the file and gives nothing that downloads it.
    expect(await eventsOf(owner, 'export.ready')).toEqual([{ export_id: exportId }]);
    expect(await eventsOf(member, 'export.ready')).toEqual([{ export_id: exportId }]);

    const shown = await t.http().get(`/api/v1/exports/${exportId}`).set(authHeader(shop.token));
    expect(shown.status).toBe(200);
    expect(shown.body.data).toEqual(expect.objectContaining({ id: exportId, status: 'ready', row_count: 1 }));
    const url = shown.body.data.download_url as string;
    expect(url.startsWith(`http://localhost:3000/api/v1/exports/${exportId}/download?expires=`)).toBe(true);
    const file = await download(t, url);
    expect(file.status).toBe(200);
    expect(parseCsv(file.text).rows.map((row) => row.order_number)).toEqual([order.orderNumber]);

    // A member of the team fetches a link of their own; another shop's user learns nothing.
    const staffView = await t.http().get(`/api/v1/exports/${exportId}`).set(authHeader(staff.token));
    expect(staffView.body.data.download_url).toEqual(expect.stringContaining(`/api/v1/exports/${exportId}/download?`));
    const foreign = await t.http().get(`/api/v1/exports/${exportId}`).set(authHeader(other.token));
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: 'Export not found.' });
    expect((await t.http().get(`/api/v1/exports/${exportId}`)).status).toBe(401);
  });

  it('a finished sales report is announced the same way, with its report_id as export_id (the exports list holds both)', async () => {
    const shop = await createShop(t);
    const owner = clients.connect(t.baseUrl, { auth: { token: shop.token } });
    expect(await handshake(owner)).toEqual({ connected: true });

    const res = await post(t, '/api/v1/reports/sales', shop.token, {});
    expect(res.status).toBe(202);
    const reportId = res.body.report_id as string;

    expect(await eventsOf(owner, 'export.ready')).toEqual([{ export_id: reportId }]);
    const shown = await t.http().get(`/api/v1/exports/${reportId}`).set(authHeader(shop.token));
    expect(shown.body.data).toEqual(expect.objectContaining({ id: reportId, kind: 'sales_report', status: 'ready' }));
  });
});
