import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { PageQueryDto } from '@common/http/pagination';
import { ORDER_STATUSES, OrderStatus } from '../domain/order-status';
import { SEARCH_COUNT_LIMIT } from '../domain/order-search';

/** The longest order search term, once trimmed. */
const ORDER_SEARCH_MAX = 100;

export class ListOrdersQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: ORDER_STATUSES })
  @IsOptional()
  @IsIn(ORDER_STATUSES, { message: `The status must be one of: ${ORDER_STATUSES.join(', ')}.` })
  status?: OrderStatus;

  @ApiPropertyOptional({
    minLength: 1,
    maxLength: ORDER_SEARCH_MAX,
    description:
      'Orders whose number is this (`1042` or `#1042`), whose customer name holds it (case and accents aside: `lopez` finds `Ana López`), ' +
      'or whose phone holds its digits (`9999-88` finds `+504 9999 8888`). Trimmed; combinable with `status`. ' +
      `\`meta.total\` then counts the matches up to ${SEARCH_COUNT_LIMIT}: exact below, and ${SEARCH_COUNT_LIMIT} means that many or more ` +
      '(`page` reaches them, `cursor` scrolls through every match).',
    example: 'lopez',
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'The search must be a string.' })
  @MinLength(1, { message: 'The search may not be empty.' })
  @MaxLength(ORDER_SEARCH_MAX, { message: `The search may not be greater than ${ORDER_SEARCH_MAX} characters.` })
  search?: string;
}

export class ChangeOrderStatusDto {
  @ApiProperty({ enum: ORDER_STATUSES })
  @IsIn(ORDER_STATUSES, { message: `The status must be one of: ${ORDER_STATUSES.join(', ')}.` })
  status: OrderStatus;
}

export class MarkOrderPaidDto {
  @ApiProperty({ enum: ['paid'], description: 'The only payment state the shop records by hand' })
  @IsIn(['paid'], { message: 'The payment status must be paid.' })
  payment_status: 'paid';
}
