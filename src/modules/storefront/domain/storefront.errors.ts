import { NotFoundError } from '@common/errors/domain.error';

export const SHOP_NOT_FOUND = 'Shop not found.';

/** No public shop has this slug: none ever had it, or it is archived or inactive (decisions §18). */
export class StorefrontNotFoundError extends NotFoundError {
  constructor() {
    super(SHOP_NOT_FOUND);
  }
}
