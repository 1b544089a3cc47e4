import { getQueueToken } from '@nestjs/bullmq';
import { CommandBus } from '@nestjs/cqrs';
import type { Queue } from 'bullmq';
import { MESSAGES_QUEUE } from '@infra/messaging/messages';
import { formatDateTime } from '@common/i18n/shop-locale';
import { ChangeSubscriptionCommand } from '@modules/accounts';
import { NotifyExpiringSubscriptionsCommand, NotifyExpiringSubscriptionsResult } from '@modules/notifications';
import { reminderKey } from '@modules/notifications/commands/notify-expiring-subscriptions/notify-expiring-subscriptions.handler';
import { SUBSCRIPTION_REMINDERS_QUEUE } from '@modules/notifications/jobs/subscription-reminders.processor';
import { SUBSCRIPTION_REMINDERS_PATTERN } from '@modules/notifications/jobs/subscription-reminders.scheduler';
import { runCli } from '@test/support/cli';
import { useFakeSmtpServer } from '@test/support/fake-servers';
import { createTenant, createTenantWithOwner, type TenantOverrides } from '@test/support/factories';
import { messagesSettled, removeFinishedJob } from '@test/support/queues';
import { useTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

const APP_URL = 'https://app.example.test';
const HOUR = 3_600_000;

describe('Subscription reminders (spec 6 SubscriptionExpiringNotification, decisions §9, §11)', () => {
  // Some tests spawn the CLI (a ts-node process each).
  jest.setTimeout(120_000);
  const smtp = useFakeSmtpServer();
  const t = useTestApp(() => ({ env: { MAIL_URL: smtp.url, APP_URL } }));

  const notifyExpiring = () =>
    t
      .get(CommandBus)
      .execute<NotifyExpiringSubscriptionsCommand, NotifyExpiringSubscriptionsResult>(new NotifyExpiringSubscriptionsCommand());

  const shopEndingIn = (hours: number, tenant: TenantOverrides = {}) =>
    createTenantWithOwner(t, { tenant: { subscriptionEndsAt: new Date(Date.now() + hours * HOUR), ...tenant } });

  const notificationsOf = (userId: string): Promise<Array<{ type: string; tenant_id: string; data: unknown; dedupe_key: string }>> =>
    t.db.query('SELECT type, tenant_id, data, dedupe_key FROM notifications WHERE user_id = $1 ORDER BY created_at', [userId]);

  /** Every mail the owner got, once nothing more is queued, being sent or retried for them. */
  const mailsTo = async (email: string) => {
    await messagesSettled(t, email);
    return smtp.messages.filter((mail) => mail.to.includes(email));
  };

  const claimsOf = (tenantId: string): Promise<Array<{ period_ends_at: Date; user_id: string }>> =>
    t.db.query('SELECT period_ends_at, user_id FROM subscription_reminders WHERE tenant_id = $1 ORDER BY period_ends_at', [tenantId]);

  it('reminds the owner of a subscription ending in 48 h: one notification and one mail with the date and the billing link', async () => {
    const { tenant, owner } = await shopEndingIn(48, { name: 'Café <Niño> & Co' });
    const endsAt = tenant.subscriptionEndsAt!;

    const result = await notifyExpiring();
    expect(result.notified).toBeGreaterThanOrEqual(1);
    expect(result.failed).toBe(0);

    expect(await notificationsOf(owner.id)).toEqual([
      {
        type: 'subscription_expiring',
        tenant_id: tenant.id,
        data: { tenant_id: tenant.id, ends_at: endsAt.toISOString(), url: `${APP_URL}/billing` },
        dedupe_key: reminderKey({ tenantId: tenant.id, endsAt }),
      },
    ]);
    const mail = await smtp.waitFor((message) => message.to.includes(owner.email));
    expect(mail.subject).toContain('Café <Niño> & Co');
    expect(mail.text).toContain(formatDateTime(endsAt, 'es', 'America/Tegucigalpa'));
    expect(mail.text).toContain(`${APP_URL}/billing`);
    expect(mail.html).toContain(`href="${APP_URL}/billing"`);
    expect(mail.html).toContain('Café &lt;Niño&gt; &amp; Co');
    expect(await mailsTo(owner.email)).toHaveLength(1);
    expect(await claimsOf(tenant.id)).toEqual([{ period_ends_at: endsAt, user_id: owner.id }]);
  });

  it('reminds once per period however many runs overlap: 5 commands, the daily job and the CLI twice at once', async () => {
    const { tenant, owner } = await shopEndingIn(40);
    const queue = t.get<Queue>(getQueueToken(SUBSCRIPTION_REMINDERS_QUEUE));

    const [job, ...results] = await Promise.all([
      queue.add('notify-expiring', {}),
      runCli('subscriptions:notify-expiring'),
      runCli('subscriptions:notify-expiring'),
      ...Array.from({ length: 5 }, () => notifyExpiring()),
    ]);
    await waitFor(async () => (await job.getState()) === 'completed', { timeoutMs: 15_000, what: 'the reminder job to complete' });
    for (const cli of results.slice(0, 2)) expect(cli).toEqual(expect.objectContaining({ code: 0 }));

    expect(await notificationsOf(owner.id)).toHaveLength(1);
    expect(await mailsTo(owner.email)).toHaveLength(1);
    expect(await claimsOf(tenant.id)).toHaveLength(1);

    // Still once on a later day, after the sent mail's job has left Redis (an hour after completion,
    // which would let the same job id be queued again): the claim in PostgreSQL is what holds.
    const mailJobId = `mail-${reminderKey({ tenantId: tenant.id, endsAt: tenant.subscriptionEndsAt! })}-${owner.id}`;
    expect(await t.get<Queue>(getQueueToken(MESSAGES_QUEUE)).getJob(mailJobId)).toBeTruthy();
    await removeFinishedJob(t, MESSAGES_QUEUE, mailJobId);
    await notifyExpiring();
    expect(await notificationsOf(owner.id)).toHaveLength(1);
    expect(await mailsTo(owner.email)).toHaveLength(1);
  });

  it('leaves out subscriptions ending after 72 h or already ended, canceled ones, deleted shops and shops without an owner', async () => {
    const later = await shopEndingIn(100);
    const ended = await shopEndingIn(-1);
    const canceled = await shopEndingIn(48, { subscriptionStatus: 'canceled' });
    const deleted = await shopEndingIn(48, { deletedAt: new Date() });
    const noEnd = await createTenantWithOwner(t);
    const ownerless = await createTenant(t, { subscriptionEndsAt: new Date(Date.now() + 48 * HOUR) });

    expect((await notifyExpiring()).failed).toBe(0);

    for (const shop of [later, ended, canceled, deleted, noEnd]) {
      expect(await notificationsOf(shop.owner.id)).toEqual([]);
      expect(await mailsTo(shop.owner.email)).toEqual([]);
      expect(await claimsOf(shop.tenant.id)).toEqual([]);
    }
    expect(await claimsOf(ownerless.id)).toEqual([]);
  });

  it('a renewal starts a new period: the owner is reminded again before the new end, once', async () => {
    const { tenant, owner } = await shopEndingIn(24);
    await notifyExpiring();
    expect(await notificationsOf(owner.id)).toHaveLength(1);

    const renewedEnd = new Date(Date.now() + 60 * HOUR);
    const renewed = await t
      .get(CommandBus)
      .execute(new ChangeSubscriptionCommand(tenant.id, 'subscription.renewed', renewedEnd, { provider: 'test', webhookLogId: 'test' }));
    expect(renewed).toBe('applied');

    await notifyExpiring();
    await notifyExpiring();
    const notifications = await notificationsOf(owner.id);
    expect(notifications.map((notification) => notification.data)).toEqual([
      { tenant_id: tenant.id, ends_at: tenant.subscriptionEndsAt!.toISOString(), url: `${APP_URL}/billing` },
      { tenant_id: tenant.id, ends_at: renewedEnd.toISOString(), url: `${APP_URL}/billing` },
    ]);
    const mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(2);
    // Mail delivery runs concurrently, so the two mails may arrive in either order: one per period.
    const texts = mails.map((mail) => mail.text);
    for (const end of [tenant.subscriptionEndsAt!, renewedEnd]) {
      expect(texts.filter((text) => text.includes(formatDateTime(end, 'es', 'America/Tegucigalpa')))).toHaveLength(1);
    }
    expect((await claimsOf(tenant.id)).map((claim) => claim.period_ends_at)).toEqual([tenant.subscriptionEndsAt, renewedEnd]);
  });

  it('worker processes keep one daily schedule for the reminders', async () => {
    const queue = t.get<Queue>(getQueueToken(SUBSCRIPTION_REMINDERS_QUEUE));
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers).toEqual([
      expect.objectContaining({ key: 'subscription-reminders-daily', pattern: SUBSCRIPTION_REMINDERS_PATTERN, tz: 'UTC' }),
    ]);
    const next = schedulers[0].next!;
    expect(next).toBeGreaterThan(Date.now());
    expect(next - Date.now()).toBeLessThanOrEqual(24 * HOUR);
    expect(new Date(next).getUTCHours()).toBe(14);
  });

  it('CLI subscriptions:notify-expiring reminds the owners due and says how many', async () => {
    const { owner } = await shopEndingIn(70);
    const first = await runCli('subscriptions:notify-expiring');
    expect(first.code).toBe(0);
    const notified = Number(/Notified (\d+) owner\(s\)/.exec(first.stdout)?.[1]);
    expect(notified).toBeGreaterThanOrEqual(1);
    expect(first.stdout).toMatch(/subscription\(s\) ending within 72 hours\./);
    expect(await notificationsOf(owner.id)).toHaveLength(1);
    // The CLI queues the mail; a worker (here the test app's) sends it.
    expect(await mailsTo(owner.email)).toHaveLength(1);

    const second = await runCli('subscriptions:notify-expiring');
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/Notified \d+ owner\(s\); [1-9]\d* already reminded of this period/);
    expect(await notificationsOf(owner.id)).toHaveLength(1);
    expect(await mailsTo(owner.email)).toHaveLength(1);
  });
});
