import { isPgError, PG_ERROR } from '@infra/database/pg-errors';
import {
  CategoryNameTakenError,
  PrimaryLocationTakenError,
  ProductCategoryInvalidError,
  ProductInUseError,
} from '@modules/catalog/domain/catalog.errors';

/** The constraint errors of catalog's tables, read as the domain errors they mean (PostgreSQL codes stay out of domain/). */
const ONE_ACTIVE_PRIMARY = 'locations_one_active_primary';

/**
 * A write that would leave two active primaries (reactivating a primary location while another
 * one is primary, or a writer that does not take the lock) is refused by the partial unique index.
 */
export function asPrimaryLocationTaken(error: unknown): unknown {
  return isPgError(error, PG_ERROR.uniqueViolation, ONE_ACTIVE_PRIMARY) ? new PrimaryLocationTakenError() : error;
}

export function asProductInUse(error: unknown): unknown {
  // order_items refers to products ON DELETE RESTRICT: PostgreSQL 18 (the embedded server) reports
  // that as a restrict violation, earlier versions as a foreign key violation.
  const inUse = isPgError(error, PG_ERROR.foreignKeyViolation) || isPgError(error, PG_ERROR.restrictViolation);
  return inUse ? new ProductInUseError() : error;
}

/** Two writers of one name in one shop that passed the check together (the check runs under a lock; this is the backstop). */
export function asCategoryNameTaken(error: unknown): unknown {
  return isPgError(error, PG_ERROR.uniqueViolation, 'categories_tenant_name_unique') ? new CategoryNameTakenError() : error;
}

/** A product's category deleted between the check and the write. */
export function asProductCategoryInvalid(error: unknown): unknown {
  return isPgError(error, PG_ERROR.foreignKeyViolation, 'products_category_id_fkey') ? new ProductCategoryInvalidError() : error;
}
