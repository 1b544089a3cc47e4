import type { CreateLocationDto } from '@modules/catalog/dto/location.dto';

/** Adds a location to the shop (with `is_primary`, it replaces the primary one); the handler answers with its `LocationResource`. */
export class CreateLocationCommand {
  constructor(
    readonly tenantId: string,
    readonly input: CreateLocationDto,
  ) {}
}
