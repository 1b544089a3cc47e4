import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNumber, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsDbInt } from '@common/http/is-db-int.decorator';
import { MAX_INTEGER_ID } from '@common/http/resource-ids';
import type { StockLine } from '../inventory.service';

/** Units of one product on one line; the order_items column allows 1 to 1000. */
const MAX_LINE_QUANTITY = 1000;

/**
 * One cart line, in the one shape a storefront sends everywhere (decisions §1): orders,
 * coupons/verify and checkout/*. `name` and `price` are the storefront's own copy, accepted and
 * ignored: names and prices always come from the catalog. Any other field is refused (422).
 */
export class CartItemDto implements StockLine {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_INTEGER_ID, example: 12 })
  @IsDbInt()
  product_id: number;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_LINE_QUANTITY })
  @IsDbInt({ max: MAX_LINE_QUANTITY })
  quantity: number;

  @ApiPropertyOptional({ maxLength: 255, description: 'Accepted and ignored: names come from the catalog' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  name?: string;

  @ApiPropertyOptional({ type: 'number', description: 'Accepted and ignored: prices come from the catalog' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  price?: number;
}
