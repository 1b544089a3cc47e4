import { ApiProperty } from '@nestjs/swagger';

/**
 * One of the caller's browsers as the API lists it (decisions §15): enough to recognise and remove
 * it. The endpoint itself is the browser's capability URL and the keys are secrets: neither is shown.
 */
export class PushSubscriptionResource {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ description: "The push service's host of the endpoint", example: 'fcm.googleapis.com' })
  endpoint_host: string;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}
