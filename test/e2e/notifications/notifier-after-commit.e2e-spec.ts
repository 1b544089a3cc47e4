import { randomUUID } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { inTransaction } from '@infra/database/transaction';
import { Notifier } from '@modules/notifications';
import { BROADCAST_DELIVERY_QUEUE, PUSH_DELIVERY_QUEUE } from '@modules/notifications/jobs/notification-delivery.queue';
import { createTenantWithOwner } from '@test/support/factories';
import { useTestApp } from '@test/support/test-app';

/**
 * The notifier writes its database rows in the caller's transaction and queues the other channels
 * once that transaction has committed (afterCommit): a notification whose transaction rolls back
 * pushes and broadcasts nothing.
 */
describe('Notifier: deliveries are queued after the commit', () => {
  const t = useTestApp();
  const pushes = () => t.get<Queue>(getQueueToken(PUSH_DELIVERY_QUEUE));
  const broadcasts = () => t.get<Queue>(getQueueToken(BROADCAST_DELIVERY_QUEUE));

  const notifyIn = async (key: string, tenantId: string, recipient: { id: string; name: string; email: string }, abort: boolean) =>
    inTransaction(t.db, async (manager) => {
      await t.get(Notifier).notify(manager, {
        key,
        tenantId,
        recipients: [recipient],
        message: {
          type: 'new_order',
          data: { key },
          push: { title: 'New order', body: key } as never,
          broadcast: { event: 'order.created', payload: { key } },
        },
      });
      // Nothing has left for the queues while the transaction is open.
      expect(await broadcasts().getJob(`broadcast-${key}`)).toBeUndefined();
      expect(await pushes().getJob(`push-${key}-${recipient.id}`)).toBeUndefined();
      if (abort) throw new Error('the cause rolled back');
    });

  it('queues nothing before the commit, and the push and broadcast once it has committed', async () => {
    const shop = await createTenantWithOwner(t);
    const recipient = { id: shop.owner.id, name: 'Owner', email: shop.owner.email };
    const key = `probe.${randomUUID()}`;
    await notifyIn(key, shop.tenant.id, recipient, false);
    expect(await broadcasts().getJob(`broadcast-${key}`)).toBeDefined();
    expect(await pushes().getJob(`push-${key}-${recipient.id}`)).toBeDefined();
  });

  it('a rolled-back transaction leaves no notification and queues nothing', async () => {
    const shop = await createTenantWithOwner(t);
    const recipient = { id: shop.owner.id, name: 'Owner', email: shop.owner.email };
    const key = `probe.${randomUUID()}`;
    await expect(notifyIn(key, shop.tenant.id, recipient, true)).rejects.toThrow('the cause rolled back');
    expect(await broadcasts().getJob(`broadcast-${key}`)).toBeUndefined();
    expect(await pushes().getJob(`push-${key}-${recipient.id}`)).toBeUndefined();
    expect(await t.db.query('SELECT 1 FROM notifications WHERE dedupe_key = $1', [key])).toEqual([]);
  });
});
