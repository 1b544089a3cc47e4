import { Body, Controller, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiConflictResponse, ApiCreatedResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { Authenticated } from '@common/context/auth.decorators';
import { Ctx } from '@common/context/ctx.decorator';
import type { RequestContext } from '@common/context/request-context';
import { RateLimit } from '@infra/rate-limit/rate-limit.decorator';
import { CreateTenantCommand } from './commands/create-tenant/create-tenant.command';
import { TenantEntity } from './persistence/tenant.entity';
import { TenantResponse, toTenantResource } from './dto/account.resources';
import { CreateTenantDto } from './dto/create-tenant.dto';
import { shopRegistrations } from './shop-registrations.rate-limit';

@ApiTags('accounts')
@Controller('api/v1/tenants')
export class TenantsController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @Authenticated()
  @RateLimit('api', shopRegistrations('onboarding'))
  @ApiOperation({ summary: "Onboarding: create the caller's shop; the caller becomes its owner" })
  @ApiCreatedResponse({ type: TenantResponse })
  @ApiConflictResponse({ description: 'The caller already has a shop (as its owner or on its team)' })
  @ApiUnprocessableEntityResponse({ description: 'Missing or too long name' })
  async createTenant(@Body() body: CreateTenantDto, @Ctx() ctx: RequestContext): Promise<TenantResponse> {
    const tenant = await this.commands.execute<CreateTenantCommand, TenantEntity>(new CreateTenantCommand(ctx.principal.id, body.name));
    return { data: toTenantResource(tenant) };
  }
}
