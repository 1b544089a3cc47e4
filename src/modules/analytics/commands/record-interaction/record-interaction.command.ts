import type { InteractionDto } from '@modules/analytics/dto/analytics.dto';

/** Result: whether the interaction was recorded. `tenantId` is an open shop's, resolved by the request context. */
export class RecordInteractionCommand {
  constructor(
    readonly tenantId: string,
    readonly input: InteractionDto,
  ) {}
}
