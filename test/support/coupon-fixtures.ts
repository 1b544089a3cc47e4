/**
 * What a coupon holds in every field its merchant did not set, the same in a stored row and in the
 * merchant API's answer (`times_used` is the service's own count and starts at 0).
 */
export const couponDefaults = () => ({
  max_discount: null,
  starts_at: null,
  expires_at: null,
  usage_limit: null,
  times_used: 0,
  per_customer_limit: null,
  is_active: true,
  is_public: false,
  excluded_product_ids: [] as number[],
  excluded_category_ids: [] as number[],
});
