/** A row of `locations` as the merchant API reads it (`LOCATION_COLUMNS`). */
export interface LocationRow {
  id: string;
  name: string;
  address: string | null;
  phone: string | null;
  is_primary: boolean;
  is_active: boolean;
  delivery_fee: string;
  created_at: Date;
  updated_at: Date;
}

export const LOCATION_COLUMNS = 'id, name, address, phone, is_primary, is_active, delivery_fee, created_at, updated_at';
