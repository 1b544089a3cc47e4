/** An order's total and currency by its number, within one shop (what a conversion beacon is checked against). */
export class FindOrderTotalQuery {
  constructor(
    readonly tenantId: string,
    readonly orderNumber: string,
  ) {}
}

export interface OrderTotal {
  /** numeric(12,2) as text, e.g. `140.00`. */
  total: string;
  currency: string;
}
