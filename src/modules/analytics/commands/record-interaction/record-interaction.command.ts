import type { InteractionDto } from '@modules/analytics/dto/analytics.dto';

/** Result: whether the interaction was recorded. The shop is named in the body (`tenant_id`). */
export class RecordInteractionCommand {
  constructor(readonly input: InteractionDto) {}
}
