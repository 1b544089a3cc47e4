import type { TrackEventDto } from '@modules/analytics/dto/analytics.dto';

/** An event of an open shop's storefront (the request context resolved `tenant_id`, a UUID or slug). */
export class TrackEventCommand {
  constructor(
    readonly tenantId: string,
    readonly input: TrackEventDto,
  ) {}
}
