import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SuperAdminArea } from '@common/context/super-admin.guard';
import { asData } from '@common/http/data-envelope';
import { ArchitectureHealthResponse } from './dto/architecture-health.resource';
import { ArchitectureHealthReader } from './queries/architecture-health.reader';

@ApiTags('admin')
@SuperAdminArea()
@Controller('api/v1/admin')
export class ArchitectureHealthController {
  constructor(private readonly reader: ArchitectureHealthReader) {}

  @Get('architecture-health')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Domain events and queues at a glance (super admin)',
    description:
      'Per domain event type: recorded, dispatched, processed, pending, failed, oldest pending age; per queue: job counts (`queues: null` when Redis does not answer within a second).',
  })
  @ApiOkResponse({ type: ArchitectureHealthResponse })
  showArchitectureHealth(): Promise<ArchitectureHealthResponse> {
    return asData(this.reader.read());
  }
}
