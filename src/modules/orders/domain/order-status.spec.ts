import { allowedNextStatuses, checkOrderTransition, ORDER_STATUSES, OrderStatus } from './order-status';

describe('order status machine', () => {
  const allowed = (from: OrderStatus, to: OrderStatus) => checkOrderTransition(from, to).allowed;

  it('moves forward, skipping steps', () => {
    expect(allowed('pending', 'confirmed')).toBe(true);
    expect(allowed('pending', 'delivered')).toBe(true);
    expect(allowed('confirmed', 'ready')).toBe(true);
  });

  it('never moves backward', () => {
    expect(allowed('ready', 'processing')).toBe(false);
    expect(allowed('confirmed', 'pending')).toBe(false);
  });

  it('cancels from every status but delivered', () => {
    for (const from of ['pending', 'confirmed', 'processing', 'ready'] as const) expect(allowed(from, 'cancelled')).toBe(true);
    expect(allowed('delivered', 'cancelled')).toBe(false);
  });

  it('keeps delivered and cancelled final', () => {
    for (const to of ORDER_STATUSES) {
      if (to !== 'delivered') expect(allowed('delivered', to)).toBe(false);
      if (to !== 'cancelled') expect(allowed('cancelled', to)).toBe(false);
    }
  });

  it('accepts the current status as a no-op, final ones included', () => {
    for (const status of ORDER_STATUSES) expect(checkOrderTransition(status, status)).toEqual({ allowed: true, changed: false });
  });

  it('lists the statuses an order may move to now, none from a final one', () => {
    expect(allowedNextStatuses('pending')).toEqual(['confirmed', 'processing', 'ready', 'delivered', 'cancelled']);
    expect(allowedNextStatuses('ready')).toEqual(['delivered', 'cancelled']);
    expect(allowedNextStatuses('delivered')).toEqual([]);
    expect(allowedNextStatuses('cancelled')).toEqual([]);
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const check = checkOrderTransition(from, to);
        expect(allowedNextStatuses(from).includes(to)).toBe(check.allowed && check.changed);
      }
    }
  });
});
