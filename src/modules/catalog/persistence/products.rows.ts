/** A row of `products` as the merchant API reads it (`PRODUCT_COLUMNS`). */
export interface ProductRow {
  id: number;
  name: string;
  description: string | null;
  image_url: string | null;
  price: string;
  category_id: number | null;
  stock: number | null;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
}

export const PRODUCT_COLUMNS = 'id, name, description, image_url, price, category_id, stock, is_active, created_at, updated_at';

/** A product as a stock movement locks and reads it. */
export interface LockedProduct {
  id: number;
  name: string;
  price: string;
  stock: number | null;
  category_id: number | null;
  is_active: boolean;
}

/** A product an order prices: its price as decimal text. */
export interface OrderProductRow {
  id: number;
  name: string;
  price: string;
  category_id: number | null;
}

/** An active product as the storefront shows it, with the units live checkout holds keep. */
export interface StorefrontProductRow {
  id: number;
  name: string;
  description: string | null;
  image_url: string | null;
  price: string;
  stock: number | null;
  held: number;
  name_key: string;
}
