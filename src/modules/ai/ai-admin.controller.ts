import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { SuperAdminArea } from '@common/context/super-admin.guard';
import { NotFoundError } from '@common/errors/domain.error';
import { UuidIdParam } from '@common/http/id-params';
import { AddAiCreditsCommand, AddAiCreditsResult } from '@modules/accounts';
import { AddAiCreditsDto } from './dto/add-ai-credits.dto';
import { AddAiCreditsResponse } from './dto/ai.resources';

const TENANT_NOT_FOUND = 'Tenant not found.';

/** The super admin replenishes a shop's AI budget (decisions §8, §12). */
@ApiTags('ai')
@SuperAdminArea()
@Controller('api/v1/admin/tenants')
export class AiAdminController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':id/ai-credits')
  @HttpCode(200)
  @ApiOperation({ summary: "Add AI credits to a shop's budget (super admin)" })
  @ApiParam({ name: 'id', schema: { type: 'string', format: 'uuid' }, description: 'The shop' })
  @ApiOkResponse({ type: AddAiCreditsResponse })
  @ApiNotFoundResponse({ description: TENANT_NOT_FOUND })
  @ApiUnprocessableEntityResponse({
    description: 'credits missing, not an integer, out of 1-1000000, or a balance beyond what the shop can hold',
  })
  async addTenantAiCredits(
    @UuidIdParam('id', TENANT_NOT_FOUND) tenantId: string,
    @Body() body: AddAiCreditsDto,
  ): Promise<AddAiCreditsResponse> {
    const result = await this.commands.execute<AddAiCreditsCommand, AddAiCreditsResult>(new AddAiCreditsCommand(tenantId, body.credits));
    if (!result) throw new NotFoundError(TENANT_NOT_FOUND);
    return { data: { tenant_id: result.tenantId, ai_credits: result.aiCredits } };
  }
}
