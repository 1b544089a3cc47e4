import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PAYMENT_EVENT_TYPES } from '../domain/payment-events';

/**
 * What the gateway sends (spec 4.7). Read from the raw bytes after the signature check, not by the
 * validation pipe: a body that breaks these rules is answered 422 `{ status: 'invalid' }`.
 */
export class PaymentWebhookBody {
  @ApiPropertyOptional({
    oneOf: [
      { type: 'string', minLength: 1 },
      { type: 'integer', minimum: 0 },
    ],
    description: "The event's id at the gateway: a repeated delivery of one id is applied once (else `data.id`, else the body's hash)",
  })
  id?: string | number;

  @ApiProperty({
    minLength: 1,
    example: PAYMENT_EVENT_TYPES[0],
    description: `The event type. Acted on: ${PAYMENT_EVENT_TYPES.map((type) => `\`${type}\``).join(', ')}; any other is logged and ignored (202).`,
  })
  event: string;

  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Varies by event type (`order_id` for the payment events)' })
  data: Record<string, unknown>;
}

// The webhook's own answers carry `status`, not `message` (spec 4.7).

export class WebhookProcessed {
  @ApiProperty({ enum: ['ok'] })
  status: 'ok';
}

export class WebhookIgnored {
  @ApiProperty({ enum: ['ignored'] })
  status: 'ignored';
}

export class WebhookInvalid {
  @ApiProperty({ enum: ['invalid'] })
  status: 'invalid';
}

export class WebhookFailed {
  @ApiProperty({ enum: ['error'] })
  status: 'error';
}
