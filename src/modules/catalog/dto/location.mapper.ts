import { centsToNumber, toCents } from '@common/money/money';
import { isoTimestamps } from '@common/util/timestamps';
import type { LocationRow } from '@modules/catalog/persistence/locations.rows';
import type { LocationResource } from './location.dto';

export function toLocationResource(row: LocationRow): LocationResource {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    phone: row.phone,
    is_primary: row.is_primary,
    is_active: row.is_active,
    delivery_fee: centsToNumber(toCents(row.delivery_fee)),
    ...isoTimestamps(row),
  };
}
