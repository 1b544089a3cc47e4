import { CouponRules, evaluateCoupon, normalizeCouponCode } from './coupon-evaluation';

const now = new Date('2026-06-01T12:00:00Z');
const coupon = (overrides: Partial<CouponRules> = {}): CouponRules => ({
  code: 'SAVE10',
  couponType: 'percentage',
  value: '10',
  minSpend: null,
  maxDiscount: null,
  startsAt: null,
  expiresAt: null,
  usageLimit: null,
  timesUsed: 0,
  perCustomerLimit: null,
  isActive: true,
  excludedProductIds: [],
  excludedCategoryIds: [],
  ...overrides,
});
const code = (rules: CouponRules | null, context: Partial<Parameters<typeof evaluateCoupon>[1]> = {}) => {
  const result = evaluateCoupon(rules, { subtotal: 10_000, now, ...context });
  return result.valid ? 'valid' : result.errorCode;
};

describe('coupon rejections', () => {
  it('reaches every rejection code', () => {
    expect(code(null)).toBe('not_found');
    expect(code(coupon({ isActive: false }))).toBe('inactive');
    expect(code(coupon({ startsAt: new Date('2026-07-01') }))).toBe('not_started');
    expect(code(coupon({ expiresAt: new Date('2026-05-01') }))).toBe('expired');
    expect(code(coupon({ usageLimit: 3, timesUsed: 3 }))).toBe('usage_limit');
    expect(code(coupon({ minSpend: '150.00' }))).toBe('min_spend');
    expect(code(coupon({ perCustomerLimit: 1 }), { customerUses: 1 })).toBe('already_used');
    expect(code(coupon({ perCustomerLimit: 3 }), { customerUses: 3 })).toBe('user_limit');
    expect(code(coupon({ excludedProductIds: [7] }), { items: [{ productId: 7, categoryId: null }] })).toBe('product_excluded');
    expect(code(coupon({ excludedCategoryIds: [2] }), { items: [{ productId: 8, categoryId: 2 }] })).toBe('category_excluded');
  });

  it('reports the first failing rule in the contract order', () => {
    const everythingWrong = coupon({
      isActive: false,
      expiresAt: new Date('2026-05-01'),
      usageLimit: 1,
      timesUsed: 1,
      minSpend: '1000',
    });
    expect(code(everythingWrong)).toBe('inactive');
    expect(code({ ...everythingWrong, isActive: true })).toBe('expired');
    expect(code({ ...everythingWrong, isActive: true, expiresAt: null })).toBe('usage_limit');
  });

  it('checks per-customer limits only when a customer is identified, and exclusions only with items', () => {
    expect(code(coupon({ perCustomerLimit: 1 }))).toBe('valid');
    expect(code(coupon({ perCustomerLimit: 1 }), { customerUses: 0 })).toBe('valid');
    expect(code(coupon({ excludedProductIds: [7] }))).toBe('valid');
  });

  it('treats the expiry instant as expired and the start instant as started', () => {
    expect(code(coupon({ expiresAt: now }))).toBe('expired');
    expect(code(coupon({ startsAt: now }))).toBe('valid');
  });
});

describe('coupon discounts', () => {
  const discount = (rules: CouponRules, subtotal: number) => {
    const result = evaluateCoupon(rules, { subtotal, now });
    if (!result.valid) throw new Error(result.error);
    return result.discount;
  };

  it('takes a percentage, capped by max_discount, rounded to the cent', () => {
    expect(discount(coupon({ value: '12.5' }), 19_999)).toBe(2_500);
    expect(discount(coupon({ value: '50', maxDiscount: '20.00' }), 10_000)).toBe(2_000);
  });

  it('takes a fixed amount, never more than the subtotal', () => {
    expect(discount(coupon({ couponType: 'fixed', value: '30.00' }), 10_000)).toBe(3_000);
    expect(discount(coupon({ couponType: 'fixed', value: '30.00' }), 1_000)).toBe(1_000);
  });

  it('takes nothing for free shipping but flags it', () => {
    const result = evaluateCoupon(coupon({ couponType: 'free_shipping', value: '0' }), { subtotal: 10_000, now });
    expect(result).toEqual({ valid: true, discount: 0, couponType: 'free_shipping', freeShipping: true });
  });

  it('normalises codes to upper case', () => {
    expect(normalizeCouponCode('  save10 ')).toBe('SAVE10');
  });
});
