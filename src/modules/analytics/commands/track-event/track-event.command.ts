import type { TrackEventDto } from '@modules/analytics/dto/analytics.dto';

/** The shop is named in the event itself (`tenant_id`: UUID or slug); resolved by the handler. */
export class TrackEventCommand {
  constructor(readonly input: TrackEventDto) {}
}
