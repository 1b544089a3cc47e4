import { isPgError, PG_ERROR } from '@infra/database/pg-errors';
import { PrimaryLocationTakenError, ProductInUseError } from '@modules/catalog/domain/catalog.errors';

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
