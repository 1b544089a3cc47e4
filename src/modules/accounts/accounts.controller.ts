import { Body, Controller, Delete, Get, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiCreatedResponse,
  ApiHeader,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { Authenticated } from '@common/context/auth.decorators';
import { Ctx } from '@common/context/ctx.decorator';
import type { RequestContext } from '@common/context/request-context';
import { Idempotent } from '@infra/idempotency/idempotent.decorator';
import { RateLimit } from '@infra/rate-limit/rate-limit.decorator';
import { shopRegistrations } from './shop-registrations.rate-limit';
import { RegisterUserCommand, RegisterUserResult } from './commands/register-user/register-user.command';
import { SignOutCommand } from './commands/sign-out/sign-out.command';
import { toUserResource, UserResource } from './dto/account.resources';
import { RegisterUserDto, RegisterUserResponse } from './dto/register-user.dto';
import { UserEntity } from './persistence/user.entity';
import { GetCurrentUserQuery } from './queries/get-current-user/get-current-user.query';

const REGISTRATION_TOKEN_NAME = 'auth-token';

@ApiTags('accounts')
@Controller('api/v1')
export class AccountsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('register')
  @RateLimit('api', shopRegistrations('register'))
  @Idempotent({ headers: ['X-Idempotency-Key', 'Idempotency-Key'], bodyField: 'idempotency_key', sealed: true })
  @ApiOperation({
    summary: 'Create an account (and, with tenant_name, its shop)',
    description:
      'Answers with a bearer token for the new account. A repeated request with the same idempotency key and body replays the first answer (`Idempotent-Replayed: true`).',
  })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'Alternative to X-Idempotency-Key (1-255 characters)' })
  @ApiCreatedResponse({
    type: RegisterUserResponse,
    description: 'Registered: the account and its bearer token',
    headers: { Location: { description: 'The new account: `/api/v1/user`', schema: { type: 'string' } } },
  })
  @ApiUnprocessableEntityResponse({
    description:
      'Missing fields, weak password, mismatched confirmation, email already taken, or an idempotency key reused with another body',
  })
  async registerUser(@Body() body: RegisterUserDto, @Res({ passthrough: true }) res: Response): Promise<RegisterUserResponse> {
    const { user, accessToken } = await this.commands.execute<RegisterUserCommand, RegisterUserResult>(
      new RegisterUserCommand({
        name: body.name,
        email: body.email,
        password: body.password,
        newTenantName: body.tenant_name,
        tokenName: REGISTRATION_TOKEN_NAME,
        via: 'http',
      }),
    );
    res.setHeader('Location', '/api/v1/user');
    return {
      data: { id: user.id, name: user.name, email: user.email, tenant_id: user.tenantId, access_token: accessToken!, token_type: 'Bearer' },
    };
  }

  @Get('user')
  @Authenticated()
  @ApiOperation({ summary: 'The signed-in user' })
  @ApiOkResponse({ type: UserResource })
  async showCurrentUser(@Ctx() ctx: RequestContext): Promise<UserResource> {
    const user = await this.queries.execute<GetCurrentUserQuery, UserEntity>(new GetCurrentUserQuery(ctx.principal.id));
    return toUserResource(user);
  }

  @Delete('auth/token')
  @HttpCode(204)
  @Authenticated()
  @ApiOperation({ summary: 'Sign out: revoke the bearer token of this request' })
  @ApiNoContentResponse({ description: 'Revoked; the token is refused from now on' })
  async revokeAccessToken(@Ctx() ctx: RequestContext): Promise<void> {
    await this.commands.execute(new SignOutCommand(ctx.principal.tokenId));
  }
}
