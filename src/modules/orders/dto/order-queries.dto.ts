import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { PageQueryDto } from '@common/http/pagination';
import { ORDER_STATUSES, OrderStatus } from '../domain/order-status';

export class ListOrdersQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: ORDER_STATUSES })
  @IsOptional()
  @IsIn(ORDER_STATUSES, { message: `The status must be one of: ${ORDER_STATUSES.join(', ')}.` })
  status?: OrderStatus;
}

export class ChangeOrderStatusDto {
  @ApiProperty({ enum: ORDER_STATUSES })
  @IsIn(ORDER_STATUSES, { message: `The status must be one of: ${ORDER_STATUSES.join(', ')}.` })
  status: OrderStatus;
}
