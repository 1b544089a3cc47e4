import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { OutboxRelay } from '@infra/outbox/outbox.relay';
import { describeWithBrowser, useBrowser } from '@test/support/browser';
import { useFakeAiProvider } from '@test/support/fake-ai-provider';
import { authHeader, createTenantWithOwner, createUser, PROVEN_EMAIL } from '@test/support/factories';
import { outboxRowProcessed, recordProfileEnhanced } from '@test/support/outbox-events';
import { useTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

const SCREENSHOT = join(__dirname, '../../../docs/architecture-health.png');

describeWithBrowser('The architecture-health page in a real browser', () => {
  const ai = useFakeAiProvider();
  const t = useTestApp(() => ({ env: { AI_BASE_URL: ai.baseUrl, AI_API_KEY: 'sk-test', AI_MAX_RETRIES: '0' } }));
  const browser = useBrowser();
  let page: Page;

  beforeAll(async () => {
    page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  });

  const signIn = async (token: string) => {
    await page.fill('#token', token);
    await page.click('#sign-in button[type=submit]');
  };
  const cellOf = (type: string, column: string) => page.locator(`#events tbody tr[data-name="${type}"] td[data-column="${column}"]`);
  /** docs/architecture-health.png, with a backlog to show: events recorded while the relay is stopped stay pending. */
  const takeScreenshot = async (tenantId: string, ownerId: string) => {
    const relay = t.get(OutboxRelay);
    await relay.stop();
    try {
      for (let i = 0; i < 3; i++) await recordProfileEnhanced(t, tenantId, ownerId);
      await page.waitForFunction(
        (selector) => document.querySelector(selector)?.textContent === '3',
        '#events tbody tr[data-name="TenantProfileEnhanced"] td[data-column="pending"]',
        { timeout: 12_000 },
      );
      await page.screenshot({ path: SCREENSHOT, fullPage: true });
    } finally {
      relay.start();
    }
  };
  /** A real enrichment of the shop's profile through the API, until its TenantProfileEnhanced event is handled. */
  const enrich = async (tenantId: string, ownerToken: string) => {
    ai.reply({ json: { description: 'Fresh bread every morning.', slogan: 'Baked at dawn' }, totalTokens: 120 });
    const queued = await t.http().post('/api/v1/ai/optimize-profile').set(authHeader(ownerToken)).send({});
    expect(queued.status).toBe(202);
    const outboxId = await waitFor(
      async () =>
        (
          await t.db.query<Array<{ id: string }>>(
            `SELECT id FROM outbox_events WHERE event_type = 'TenantProfileEnhanced' AND tenant_id = $1`,
            [tenantId],
          )
        )[0]?.id,
      { what: 'the enrichment to record TenantProfileEnhanced' },
    );
    await outboxRowProcessed(t, String(outboxId));
  };
  const apiRow = async (token: string, type: string) =>
    (
      (await t.http().get('/api/v1/admin/architecture-health').set('Authorization', `Bearer ${token}`)).body.data.events as Array<
        Record<string, number | string | null>
      >
    ).find((row) => row.type === type)!;

  it("shows a super admin the TenantProfileEnhanced counts, keeps the token for the tab's session and refreshes by itself", async () => {
    const { token } = await createUser(t, { isSuperAdmin: true });
    const { tenant, owner, token: ownerToken } = await createTenantWithOwner(t, { owner: PROVEN_EMAIL });
    await enrich(tenant.id, ownerToken);
    const expected = await apiRow(token, 'TenantProfileEnhanced');

    await page.goto(`${t.baseUrl}/admin/architecture-health`);
    await signIn(token);
    await cellOf('TenantProfileEnhanced', 'processed').waitFor();
    for (const column of ['recorded', 'dispatched', 'processed', 'pending', 'failed']) {
      expect(await cellOf('TenantProfileEnhanced', column).textContent()).toBe(String(expected[column]));
    }
    expect(await cellOf('TenantProfileEnhanced', 'oldest_pending_age_seconds').textContent()).toBe('—');
    expect(await page.locator('#queues tbody tr[data-name="outbox"]').count()).toBe(1);
    expect(await page.locator('#chart svg rect').count()).toBeGreaterThan(2);
    expect(await page.locator('#chart svg text', { hasText: 'TenantProfileEnhanced' }).count()).toBe(1);
    expect(await page.isVisible('#error')).toBe(false);
    expect(await page.evaluate(() => sessionStorage.getItem('architecture-health.token'))).toBe(token);

    // The next event shows up without touching the page: it reads the JSON again every 5 s.
    await outboxRowProcessed(t, await recordProfileEnhanced(t, tenant.id, owner.id));
    await page.waitForFunction(
      ([selector, value]) => document.querySelector(selector)?.textContent === value,
      ['#events tbody tr[data-name="TenantProfileEnhanced"] td[data-column="processed"]', String(Number(expected.processed) + 1)] as const,
      { timeout: 12_000 },
    );

    // A reload keeps the session's token: the data comes back without signing in again.
    await page.reload();
    await cellOf('TenantProfileEnhanced', 'recorded').waitFor();
    expect(await page.isVisible('#sign-in')).toBe(false);

    if (process.env.UPDATE_SCREENSHOT === '1') await takeScreenshot(tenant.id, owner.id);
    expect(browser.cspViolations()).toEqual([]);
  });

  it('shows a clear error for a token that is not a super admin’s (403) or not valid (401), and no data', async () => {
    const { token: ownerToken } = await createTenantWithOwner(t);
    // Signed out for sure: the tab keeps the previous test's token, and the page's script reads it
    // after load, so a look at #sign-out right after goto could come before it shows the report.
    await page.goto(`${t.baseUrl}/admin/architecture-health`);
    await page.evaluate(() => sessionStorage.removeItem('architecture-health.token'));
    await page.reload();
    await page.locator('#sign-in').waitFor();

    await signIn(ownerToken);
    await page.locator('#error', { hasText: '403' }).waitFor();
    expect(await page.textContent('#error')).toContain('not belong to a super admin');
    expect(await page.isVisible('#report')).toBe(false);
    expect(await page.isVisible('#sign-in')).toBe(true);
    expect(await page.evaluate(() => sessionStorage.getItem('architecture-health.token'))).toBeNull();

    await signIn('1|not-a-real-token');
    await page.locator('#error', { hasText: '401' }).waitFor();
    expect(await page.isVisible('#report')).toBe(false);
    expect(browser.cspViolations()).toEqual([]);
  });
});
