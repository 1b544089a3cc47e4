/** Result: `StorefrontShopView`; `StorefrontNotFoundError` (404) for an unknown, archived or inactive shop. */
export class GetStorefrontShopQuery {
  constructor(readonly slug: string) {}
}
