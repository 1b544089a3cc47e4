import { couponDefaults } from '@test/support/coupon-fixtures';
import type { CreateCouponDto } from '../dto/merchant-coupon.dto';
import { crossFieldErrors, fieldsToChange, fieldsToCreate } from './coupon-fields';
import { CouponRow, storedFields } from '@modules/coupons/persistence/coupons.rows';

const stored = (overrides: Partial<CouponRow> = {}): CouponRow => ({
  id: '00000000-0000-4000-8000-000000000001',
  code: 'SHIP',
  coupon_type: 'free_shipping',
  value: '0.00',
  min_spend: '20.00',
  ...couponDefaults(),
  created_at: new Date(),
  updated_at: new Date(),
  ...overrides,
});

describe('coupon fields', () => {
  it('fills the defaults of a new coupon and stores money as numeric text', () => {
    const input: CreateCouponDto = { code: 'FREE', coupon_type: 'free_shipping', min_spend: 12.5, excluded_product_ids: [3, 3, 4] };
    expect(fieldsToCreate(input)).toMatchObject({
      value: '0.00',
      min_spend: '12.50',
      max_discount: null,
      is_active: true,
      is_public: false,
      excluded_product_ids: [3, 4],
    });
  });

  it('changes only what a PATCH sends, null included', () => {
    expect(fieldsToChange(stored(), { min_spend: null, is_public: true })).toEqual({ min_spend: null, is_public: true });
  });

  it('needs a value to leave free shipping', () => {
    expect(() => fieldsToChange(stored(), { coupon_type: 'fixed' })).toThrow('The value field is required for a fixed coupon.');
    expect(fieldsToChange(stored(), { coupon_type: 'fixed', value: 5 })).toEqual({ coupon_type: 'fixed', value: '5.00' });
  });

  it('checks the rules across fields on the coupon as it will be', () => {
    const coupon = {
      ...storedFields(stored()),
      coupon_type: 'percentage' as const,
      value: '100.01',
      starts_at: new Date('2026-02-01'),
      expires_at: new Date('2026-01-01'),
      usage_limit: 2,
    };
    expect(Object.keys(crossFieldErrors(coupon, 3))).toEqual(['value', 'expires_at', 'usage_limit']);
    expect(crossFieldErrors({ ...coupon, value: '100', expires_at: null, usage_limit: 3 }, 3)).toEqual({});
  });
});
