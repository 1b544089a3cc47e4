import type { Page } from 'playwright-core';
import { generateVapidKeys } from '@modules/notifications';
import { createProduct, createShop, orderBody } from '@test/support/commerce-factories';
import { authHeader } from '@test/support/factories';
import { DESKTOP, describeWithBrowser, expectNoSeriousAxeViolations, PHONE, scrollsSideways, useBrowser } from '@test/support/browser';
import { dashboardUrl, openSignedIn } from '@test/support/dashboard';
import { pushesTo, useFakePushService, type FakeBrowser } from '@test/support/fake-push-service';
import { placeOrder } from '@test/support/http-clients';
import { useStarted } from '@test/support/lifecycle';
import { freePort, useTestApp, type TestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

/**
 * Web Push from the dashboard (decisions §9, §17): the service worker /dashboard/sw.js, the VAPID
 * key from GET /api/v1/push/public-key, POST/DELETE /api/v1/push-subscriptions, and the worker
 * opening a push's `data.url`.
 *
 * Headless Chromium has a PushManager but no push service to subscribe with (its subscribe() is
 * refused: no Google Cloud Messaging in a headless, offline browser), so the path is proven in two
 * parts: the browser's own subscribe() is called with the server's key and its refusal is shown;
 * then, with PushManager answering a subscription of the fake push service (real keys, so the
 * service's encrypted push is read back), the rest runs for real: the subscription is registered,
 * a new order's push reaches the push service, that payload delivered to the real service worker
 * (DevTools' ServiceWorker.deliverPushMessage, as the push service would) shows the notification,
 * and a notificationclick on it opens the order's page.
 */
const SUBJECT = 'mailto:push-ops@shop.test';

/** Replaces PushManager's subscribe/getSubscription in the page with a subscription of `browser` (fake push service). */
async function answerWithSubscription(page: Page, browser: FakeBrowser): Promise<void> {
  await page.addInitScript((subscription) => {
    const state = window as unknown as { __pushKeyUsed?: number[]; __subscribed?: boolean };
    const fake = {
      endpoint: subscription.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null as ArrayBuffer | null },
      getKey: () => null,
      toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
      unsubscribe: () => {
        state.__subscribed = false;
        localStorage.removeItem('test.push.subscribed');
        return Promise.resolve(true);
      },
    };
    PushManager.prototype.subscribe = function subscribe(options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey as Uint8Array;
      state.__pushKeyUsed = Array.from(key);
      fake.options.applicationServerKey = key.buffer.slice(key.byteOffset, key.byteOffset + key.byteLength) as ArrayBuffer;
      state.__subscribed = true;
      localStorage.setItem('test.push.subscribed', JSON.stringify(Array.from(key)));
      return Promise.resolve(fake as unknown as PushSubscription);
    };
    PushManager.prototype.getSubscription = function getSubscription() {
      const stored = localStorage.getItem('test.push.subscribed');
      if (!stored) return Promise.resolve(null);
      fake.options.applicationServerKey = new Uint8Array(JSON.parse(stored) as number[]).buffer;
      return Promise.resolve(fake as unknown as PushSubscription);
    };
  }, browser.subscription);
}

/** Delivers a push to the dashboard's service worker as the push service would (DevTools' ServiceWorker.deliverPushMessage). */
async function pushServiceFor(page: Page): Promise<{ send: (payload: unknown) => Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: Array<{ registrationId: string; scopeURL: string }> }) => {
    for (const registration of event.registrations) registrations.set(registration.scopeURL, registration.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  const origin = new URL(page.url()).origin;
  const registrationId = await waitFor(() => registrations.get(`${origin}/dashboard/`), { what: 'the service worker registration' });
  return {
    send: async (payload) => {
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(payload) });
    },
  };
}

describeWithBrowser('Dashboard: Web Push (service worker, VAPID key, subscription, the push opening its order)', () => {
  const push = useFakePushService();
  const vapid = generateVapidKeys();
  // A fixed port, so that APP_URL (the base of a push's data.url) is this app's own address.
  const port = useStarted(async () => ({ value: await freePort() }));
  const t = useTestApp(() => ({
    port: port.value,
    env: {
      APP_URL: `http://127.0.0.1:${port.value}`,
      PUSH_ALLOWED_HOSTS: '127.0.0.1',
      PUSH_ALLOWED_PORTS: push.port,
      PUSH_CA_FILE: push.caFile,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: SUBJECT,
    },
  }));
  const browser = useBrowser();

  afterEach(() => {
    expect(browser.cspViolations()).toEqual([]);
    expect(browser.pageErrors()).toEqual([]);
  });

  const subscriptionsOf = async (token: string) =>
    (await t.http().get('/api/v1/push-subscriptions').set(authHeader(token)).expect(200)).body.data as Array<{ endpoint_host: string }>;

  async function grantNotifications(page: Page, app: TestApp) {
    await page.context().grantPermissions(['notifications'], { origin: app.baseUrl });
  }

  it('registers the service worker and calls the browser’s own subscribe() with the server’s VAPID key; when no push service answers, says so and registers nothing', async () => {
    const shop = await createShop(t);
    const page = await browser.newPage({ persistent: true });
    await grantNotifications(page, t);
    await openSignedIn(page, t, shop.token, '/notifications');
    // The real subscribe(), recording the key it is given.
    await page.evaluate(() => {
      const original = PushManager.prototype.subscribe;
      PushManager.prototype.subscribe = function subscribe(options?: PushSubscriptionOptionsInit) {
        (window as unknown as { __pushKeyUsed?: number[] }).__pushKeyUsed = Array.from(options?.applicationServerKey as Uint8Array);
        return original.call(this, options);
      };
    });

    await page.getByRole('button', { name: /enable push notifications/i }).click();

    // The service worker is registered for /dashboard/ from /dashboard/sw.js.
    const worker = await waitFor(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration('/dashboard/');
          const script = registration?.active?.scriptURL;
          return script && { scope: registration.scope, script };
        }),
      { what: 'an active service worker' },
    );
    expect(worker).toEqual({ scope: dashboardUrl(t, '/'), script: dashboardUrl(t, '/sw.js') });
    // subscribe() got the key GET /api/v1/push/public-key gives.
    const used = await waitFor(() => page.evaluate(() => (window as unknown as { __pushKeyUsed?: number[] }).__pushKeyUsed));
    expect(Buffer.from(used).toString('base64url')).toBe(vapid.publicKey);
    // Headless Chromium's subscribe() never answers (no push service): given up after 15 s, said, nothing registered.
    await page
      .getByRole('alert')
      .filter({ hasText: /push notifications could not be turned on: the browser’s push service did not answer/i })
      .waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: /enable push notifications/i }).isEnabled()).toBe(true);
    expect(await subscriptionsOf(shop.token)).toEqual([]);
  }, 60_000);

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])(
    'turns push on (the subscription registered), a new order’s push shows a notification whose click opens the order, then turns it off (%s)',
    async (_size, viewport) => {
      const shop = await createShop(t);
      const product = await createProduct(t, shop.tenant.id, { name: 'Carrot cake', price: '420.00' });
      const device = push.browser('aes128gcm');
      const page = await browser.newPage({ viewport, persistent: true });
      await grantNotifications(page, t);
      await answerWithSubscription(page, device);
      await openSignedIn(page, t, shop.token, '/notifications');

      await page.getByText(/push notifications are off/i).waitFor();
      await expectNoSeriousAxeViolations(page);
      expect(await scrollsSideways(page)).toBe(false);
      await page.getByRole('button', { name: /enable push notifications/i }).click();
      await page.getByRole('button', { name: /disable push notifications/i }).waitFor();
      await page.getByText(/push notifications are on/i).waitFor();
      await expectNoSeriousAxeViolations(page);
      expect(await scrollsSideways(page)).toBe(false);
      expect(await subscriptionsOf(shop.token)).toEqual([expect.objectContaining({ endpoint_host: '127.0.0.1' })]);
      const used = await page.evaluate(() => (window as unknown as { __pushKeyUsed?: number[] }).__pushKeyUsed);
      expect(Buffer.from(used!).toString('base64url')).toBe(vapid.publicKey);

      // A reload keeps it on (the browser's subscription is read back).
      await page.reload();
      await page.getByRole('button', { name: /disable push notifications/i }).waitFor();

      // An order: the service pushes to the subscription; the push service hands the payload to the worker.
      const placed = await placeOrder(t, shop.tenant.id, orderBody([{ product_id: product.id }], { customer_name: 'Ana López' }));
      expect(placed.status).toBe(201);
      const order = placed.body.data as { id: number; order_number: string };
      const [payload] = (await pushesTo(device, 1)) as Array<{ title: string; body: string; data: { url: string; order_id: number } }>;
      expect(payload.data).toEqual(expect.objectContaining({ url: dashboardUrl(t, `/orders/${order.id}`), order_id: order.id }));

      // Delivered as the push service would, again if the worker was starting and missed it (the
      // notification's tag is the order's, so a second delivery replaces the first).
      const worker = await pushServiceFor(page);
      const shown = await waitFor(
        async () => {
          const notification = await page.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration('/dashboard/');
            const [first] = (await registration?.getNotifications()) ?? [];
            return first && { title: first.title, body: first.body, data: first.data as unknown };
          });
          if (!notification) await worker.send(payload);
          return notification;
        },
        { what: 'the notification the service worker shows', intervalMs: 500 },
      );
      expect(shown).toEqual({ title: payload.title, body: payload.body, data: payload.data });
      expect(shown.body).toContain(`#${order.order_number}`);

      // A click on it (the event the browser sends the worker) opens the order's page in this window.
      const [serviceWorker] = page.context().serviceWorkers();
      await serviceWorker.evaluate(async () => {
        // The worker's globals (the tests' TypeScript knows the window's only).
        const scope = self as unknown as EventTarget & {
          registration: ServiceWorkerRegistration;
          NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
        };
        const [notification] = await scope.registration.getNotifications();
        scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
      });
      await page.waitForURL(dashboardUrl(t, `/orders/${order.id}`));
      await page.getByRole('heading', { name: new RegExp(order.order_number) }).waitFor();

      // Off again: the browser unsubscribes and the API forgets it.
      await page.goto(dashboardUrl(t, '/notifications'));
      await page.getByRole('button', { name: /disable push notifications/i }).click();
      await page.getByRole('button', { name: /enable push notifications/i }).waitFor();
      await waitFor(async () => (await subscriptionsOf(shop.token)).length === 0, { what: 'the subscription to be forgotten' });
    },
    60_000,
  );
});

describeWithBrowser('Dashboard: Web Push where the server has none', () => {
  const t = useTestApp();
  const browser = useBrowser();

  it('says push is not set up on this server (GET /api/v1/push/public-key is 404), with no button', async () => {
    const shop = await createShop(t);
    const page = await browser.newPage({ persistent: true });
    await openSignedIn(page, t, shop.token, '/notifications');
    await page.getByText(/push notifications are not set up on this server/i).waitFor();
    expect(await page.getByRole('button', { name: /push notifications/i }).count()).toBe(0);
    expect(browser.cspViolations()).toEqual([]);
    expect(browser.pageErrors()).toEqual([]);
  });
});
