import { centsToNumber, toCents } from '@common/money/money';
import { isoTimestamps } from '@common/util/timestamps';
import type { LocationResource } from './location.dto';

export interface LocationRow {
  id: string;
  name: string;
  address: string | null;
  is_primary: boolean;
  is_active: boolean;
  delivery_fee: string;
  created_at: Date;
  updated_at: Date;
}

export const LOCATION_COLUMNS = 'id, name, address, is_primary, is_active, delivery_fee, created_at, updated_at';

export function toLocationResource(row: LocationRow): LocationResource {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    is_primary: row.is_primary,
    is_active: row.is_active,
    delivery_fee: centsToNumber(toCents(row.delivery_fee)),
    ...isoTimestamps(row),
  };
}
