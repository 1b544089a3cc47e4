/**
 * The dashboard's service worker (served at /dashboard/sw.js, scope /dashboard/): Web Push.
 *
 * `push`: shows the payload the service sends (decisions §9: `{ title, icon, body, actions,
 * data: { url, order_id } }`) as a notification. `notificationclick` (the notification or its
 * "open_order" action): opens `data.url`, the order's page of the dashboard — in a dashboard window
 * already open when there is one (navigated there and focused), else in a new window.
 *
 * Plain JavaScript, not bundled: the browser fetches it by this fixed name, so its address never
 * changes between builds (served `Cache-Control: no-cache`, so a new version is picked up).
 */
'use strict';

const DASHBOARD = new URL('./', self.registration.scope).pathname;

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  // Control the dashboard's open pages at once, so a click can navigate them.
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  const data = payload.data && typeof payload.data === 'object' ? payload.data : {};
  const shown = self.registration.showNotification(String(payload.title || 'Storefront'), {
    body: typeof payload.body === 'string' ? payload.body : '',
    icon: typeof payload.icon === 'string' ? payload.icon : undefined,
    actions: Array.isArray(payload.actions) ? payload.actions.slice(0, 2) : [],
    // One notification per order, even if the push is delivered twice.
    tag: data.order_id ? `order-${data.order_id}` : undefined,
    data,
  });
  event.waitUntil(shown);
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const opened = openTarget(targetOf(event.notification.data));
  // A click the browser delivers is trusted; only those may extend the worker's life.
  if (event.isTrusted) event.waitUntil(opened);
  else opened.catch(() => undefined);
});

function readPayload(data) {
  if (!data) return {};
  try {
    const parsed = data.json();
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return { body: data.text() };
  }
}

/** The page to open: the payload's `data.url` when it is an http(s) URL, else the dashboard's overview. */
function targetOf(data) {
  const fallback = new URL(DASHBOARD, self.location.origin).href;
  if (!data || typeof data.url !== 'string') return fallback;
  try {
    const url = new URL(data.url, self.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : fallback;
  } catch {
    return fallback;
  }
}

async function openTarget(url) {
  const target = new URL(url);
  if (target.origin === self.location.origin) {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const dashboard = windows.find((client) => new URL(client.url).pathname.startsWith(DASHBOARD));
    if (dashboard && 'navigate' in dashboard) {
      const navigated = await dashboard.navigate(target.href).catch(() => null);
      if (navigated) return navigated.focus().catch(() => navigated);
    }
  }
  return self.clients.openWindow(target.href);
}
