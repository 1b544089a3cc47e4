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
    list: (filter: { status: string | null; search: string | null }) => ['orders', 'list', filter] as const,
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
  products: {
    all: ['products'] as const,
    list: ['products', 'list'] as const,
    detail: (id: number) => ['products', 'detail', id] as const,
  },
  coupons: { all: ['coupons'] as const, list: ['coupons', 'list'] as const },
  locations: { all: ['locations'] as const, list: ['locations', 'list'] as const },
  categories: { all: ['categories'] as const, list: ['categories', 'list'] as const, options: ['categories', 'options'] as const },
  shop: ['shop'] as const,
  aiJob: (id: string) => ['ai-job', id] as const,
};
