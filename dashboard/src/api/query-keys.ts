/**
 * The cache keys of the dashboard's server state, one family per resource, so that a realtime
 * event or a change invalidates a whole family (`queryClient.invalidateQueries({ queryKey: keys.orders.all })`).
 */
export const keys = {
  me: ['me'] as const,
  notifications: {
    all: ['notifications'] as const,
    count: ['notifications', 'count'] as const,
    list: ['notifications', 'list'] as const,
    panel: ['notifications', 'panel'] as const,
  },
  push: {
    publicKey: ['push', 'public-key'] as const,
    subscription: ['push', 'subscription'] as const,
  },
  orders: {
    all: ['orders'] as const,
    list: (filter: { status: string | null; search: string }) => ['orders', 'list', filter] as const,
    detail: (id: number) => ['orders', 'detail', id] as const,
  },
  overview: {
    all: ['overview'] as const,
    inZone: (tz: string) => ['overview', tz] as const,
  },
  exports: {
    all: ['exports'] as const,
    list: ['exports', 'list'] as const,
    detail: (id: string) => ['exports', 'detail', id] as const,
  },
  products: ['products'] as const,
  coupons: ['coupons'] as const,
  locations: ['locations'] as const,
  shop: ['shop'] as const,
};
