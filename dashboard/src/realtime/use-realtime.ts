import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { io } from 'socket.io-client';
import { keys } from '../api/query-keys';
import { notify } from '../components/notify';
import { formatMoney } from '../format/money';
import i18n from '../i18n';

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
 * server state they change, so every open page follows without a reload. Reconnects by itself.
 */
export function useRealtime(token: string | null): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!token) return;
    const socket = io(window.location.origin, { path: '/socket.io', auth: { token }, transports: ['websocket'] });

    socket.on('order.created', (event: OrderCreated) => {
      void queryClient.invalidateQueries({ queryKey: keys.orders.all });
      void queryClient.invalidateQueries({ queryKey: keys.overview.all });
      void queryClient.invalidateQueries({ queryKey: keys.notifications.all });
      notify({
        id: `order-${event.order_id}`,
        title: i18n.t('orders.newOrder', { number: event.order_number }),
        message: i18n.t('orders.newOrderBody', { customer: event.customer_name, total: formatMoney(event.total, event.currency) }),
        autoClose: 8000,
      });
    });
    socket.on('export.ready', (_event: ExportReady) => {
      void queryClient.invalidateQueries({ queryKey: keys.exports.all });
      void queryClient.invalidateQueries({ queryKey: keys.notifications.all });
    });
    // Events missed while disconnected: refresh what they would have changed.
    socket.io.on('reconnect', () => {
      void queryClient.invalidateQueries({ queryKey: keys.orders.all });
      void queryClient.invalidateQueries({ queryKey: keys.overview.all });
      void queryClient.invalidateQueries({ queryKey: keys.notifications.all });
      void queryClient.invalidateQueries({ queryKey: keys.exports.all });
    });

    return () => {
      socket.disconnect();
    };
  }, [token, queryClient]);
}
