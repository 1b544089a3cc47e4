import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from './client';
import { keys } from './query-keys';

/** The signed-in user's shop (`GET /api/v1/merchant/shop`): profile, AI credits, currency, public page. */
export function useShop() {
  return useQuery({
    queryKey: keys.shop,
    queryFn: async () => (await unwrap(api.GET('/api/v1/merchant/shop'))).data,
  });
}
