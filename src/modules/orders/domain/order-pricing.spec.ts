import { centsToDecimal, percentOf, toCents } from '@common/money/money';
import { NO_DISCOUNT, priceLines, priceOrder } from './order-pricing';

const pickup = { type: 'pickup', fee: toCents('50.00') } as const;
const delivery = { type: 'delivery', fee: toCents('50.00') } as const;
const line = (price: string, quantity: number) => ({ price: toCents(price), quantity });

describe('order pricing', () => {
  it('totals each line and sums the lines into the subtotal', () => {
    const { lines, subtotal } = priceLines([line('19.99', 3), line('5.00', 1), line('0.01', 7)]);
    expect(lines.map((priced) => priced.lineTotal)).toEqual([5997, 500, 7]);
    expect(subtotal).toBe(6504);
    expect(priceOrder(subtotal, NO_DISCOUNT, pickup)).toEqual({ subtotal: 6504, discount: 0, deliveryFee: 0, total: 6504 });
  });

  it('keeps what each line carries besides its price', () => {
    const { lines } = priceLines([{ productId: 7, name: 'Tea', price: 250, quantity: 2 }]);
    expect(lines).toEqual([{ productId: 7, name: 'Tea', price: 250, quantity: 2, lineTotal: 500 }]);
  });

  it('an order without lines costs nothing but its delivery', () => {
    const { lines, subtotal } = priceLines([]);
    expect(lines).toEqual([]);
    expect(priceOrder(subtotal, NO_DISCOUNT, delivery)).toEqual({ subtotal: 0, discount: 0, deliveryFee: 5000, total: 5000 });
  });

  it('adds cents exactly: 0.10 + 0.20 is 0.30, where floats give 0.30000000000000004', () => {
    const { subtotal } = priceLines([line('0.1', 1), line('0.2', 1)]);
    expect(subtotal).toBe(30);
    expect(centsToDecimal(priceOrder(subtotal, NO_DISCOUNT, pickup).total)).toBe('0.30');
    const many = priceLines([line('0.10', 3), line('33.33', 3), line('1.15', 100)]);
    expect(centsToDecimal(many.subtotal)).toBe('215.29');
  });

  it('takes a percentage coupon off the subtotal, rounded half up to the cent by the coupon', () => {
    const { subtotal } = priceLines([line('10.00', 1)]);
    // A third: 33.33% of 10.00 is 3.333 → 3.33.
    expect(priceOrder(subtotal, { discount: percentOf(subtotal, '33.33'), freeShipping: false }, pickup)).toEqual({
      subtotal: 1000,
      discount: 333,
      deliveryFee: 0,
      total: 667,
    });
    // 12.5% of 0.99 is 0.12375 → 0.12; 12.5% of 1.00 is exactly 0.125 → 0.13 (half up).
    expect(priceOrder(99, { discount: percentOf(99, '12.5'), freeShipping: false }, pickup).total).toBe(87);
    expect(priceOrder(100, { discount: percentOf(100, '12.5'), freeShipping: false }, pickup).total).toBe(87);
    // Three lines of 0.33 at 33.33%: 0.99 × 0.3333 = 0.329967 → 0.33.
    const thirds = priceLines([line('0.33', 1), line('0.33', 1), line('0.33', 1)]);
    expect(priceOrder(thirds.subtotal, { discount: percentOf(thirds.subtotal, '33.33'), freeShipping: false }, delivery)).toEqual({
      subtotal: 99,
      discount: 33,
      deliveryFee: 5000,
      total: 5066,
    });
  });

  it('takes a fixed coupon off the subtotal, and the delivery fee is charged on top', () => {
    const { subtotal } = priceLines([line('40.00', 2)]);
    expect(priceOrder(subtotal, { discount: toCents('15.50'), freeShipping: false }, delivery)).toEqual({
      subtotal: 8000,
      discount: 1550,
      deliveryFee: 5000,
      total: 11450,
    });
  });

  it('never discounts more than the subtotal: the goods cost nothing, the delivery is still paid', () => {
    const { subtotal } = priceLines([line('12.00', 1)]);
    expect(priceOrder(subtotal, { discount: toCents('20.00'), freeShipping: false }, delivery)).toEqual({
      subtotal: 1200,
      discount: 1200,
      deliveryFee: 5000,
      total: 5000,
    });
    expect(priceOrder(subtotal, { discount: percentOf(subtotal, '100'), freeShipping: false }, pickup).total).toBe(0);
  });

  it('charges the location fee for a delivery only, unless the coupon waives it', () => {
    const subtotal = toCents('30.00');
    expect(priceOrder(subtotal, NO_DISCOUNT, delivery)).toMatchObject({ deliveryFee: 5000, total: 8000 });
    expect(priceOrder(subtotal, NO_DISCOUNT, pickup)).toMatchObject({ deliveryFee: 0, total: 3000 });
    expect(priceOrder(subtotal, { discount: 0, freeShipping: true }, delivery)).toMatchObject({ discount: 0, deliveryFee: 0, total: 3000 });
  });
});
