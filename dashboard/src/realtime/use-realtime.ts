import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { io } from 'socket.io-client';
import { keys } from '../api/query-keys';
import { notify } from '../components/notify';
import { formatMoney } from '../format/money';
import i18n from '../i18n';
import { liveStatus } from './live-status';

/** `order.created` (decisions §9): the shop's new order, sent to room `private-tenant.{tenantId}`. */
interface OrderCreated {
  order_id: number;
  order_number: string;
  customer_name: string;
  total: number;
  currency: string;
}

/** `export.ready`: an export or report file can be downloaded. */
interface ExportReady {
  export_id: string;
  url: string;
}

/**
 * The service's Socket.IO channel (path `/socket.io`, the bearer token in the handshake's
 * `auth.token`; the server puts the connection in its shop's room). Its events refresh the cached
 * server state they change, so every open page follows without a reload. Reconnects by itself;
 * down for more than a few seconds, the layout says "Live updates paused" (live-status.ts).
 */
export function useRealtime(token: string | null): void {
  const queryClient = useQueryClient();
  // A refetch already running is left to finish rather than cancelled for a new one: a busy shop's
  // orders arrive faster than the list answers, and each cancelled refetch threw its answer away,
  // so the list never showed them (the fault drill, 8 clients).
  const refresh = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });

  useEffect(() => {
    if (!token) return;
    const socket = io(window.location.origin, { path: '/socket.io', auth: { token }, transports: ['websocket'] });
    // Not connected yet counts as down: a socket that never connects pauses live updates too.
    liveStatus.down();
    socket.on('connect', () => liveStatus.up());
    socket.on('disconnect', () => liveStatus.down());
    socket.on('connect_error', () => liveStatus.down());

    socket.on('order.created', (event: OrderCreated) => {
      refresh(keys.orders.all);
      refresh(keys.overview.all);
      refresh(keys.notifications.all);
      notify({
        id: `order-${event.order_id}`,
        title: i18n.t('orders.newOrder', { number: event.order_number }),
        message: i18n.t('orders.newOrderBody', { customer: event.customer_name, total: formatMoney(event.total, event.currency) }),
        autoClose: 8000,
      });
    });
    socket.on('export.ready', (_event: ExportReady) => {
      refresh(keys.exports.all);
      refresh(keys.notifications.all);
    });
    // Events missed while disconnected: refresh what they would have changed.
    socket.io.on('reconnect', () => {
      refresh(keys.orders.all);
      refresh(keys.overview.all);
      refresh(keys.notifications.all);
      refresh(keys.exports.all);
    });

    return () => {
      socket.disconnect();
      // No socket (signed out): nothing to call paused.
      liveStatus.up();
    };
  }, [token, queryClient]);
}
