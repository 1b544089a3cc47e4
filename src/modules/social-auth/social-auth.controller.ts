import { Body, Controller, createParamDecorator, ExecutionContext, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { ERROR_SCHEMA, optionalRetryAfter } from '@common/http/api-docs';
import type { Request } from 'express';
import { Idempotent } from '@infra/idempotency/idempotent.decorator';
import { SocialSignInCommand, SocialSignInResult } from './commands/social-sign-in/social-sign-in.command';
import { SocialSignInDto, SocialSignInResponse } from './dto/social-sign-in.dto';

/**
 * `X-Tenant-ID` as sent, read here rather than with `@Headers()`, which the API document would
 * list as a second, required header: this route reads it only when present (documented below).
 */
const TenantIdHeader = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string | undefined =>
    context.switchToHttp().getRequest<Request>().headers['x-tenant-id'] as string | undefined,
);

@ApiTags('social-auth')
@Controller('api/v1/auth')
export class SocialAuthController {
  constructor(private readonly commands: CommandBus) {}

  @Post('social')
  @HttpCode(200)
  @Idempotent({ sealed: true })
  @ApiOperation({
    summary: 'Sign in with Google, Facebook, Apple, GitHub or X; returns a bearer token',
    description:
      "The provider's token is checked with the provider. An unknown login creates the account (or links it to an existing account with the provider-verified email).",
  })
  @ApiHeader({
    name: 'X-Tenant-ID',
    required: false,
    description: 'When sent, the shop the account must belong to (else 422 on `tenant_id`)',
    schema: { type: 'string' },
  })
  @ApiOkResponse({ type: SocialSignInResponse })
  @ApiUnprocessableEntityResponse({
    description:
      'Invalid fields, token refused by the provider, an email that cannot receive mail or is taken, unresolved tenant context, or an idempotency key reused with another body',
  })
  @ApiServiceUnavailableResponse({
    description: 'The provider failed, did not answer, or its sign-in is not configured; or PostgreSQL or Redis is unavailable',
    headers: optionalRetryAfter('Seconds to wait; sent when PostgreSQL or Redis is unavailable, not when the provider is'),
    schema: ERROR_SCHEMA,
  })
  async signInWithProvider(@Body() body: SocialSignInDto, @TenantIdHeader() tenantId?: string): Promise<SocialSignInResponse> {
    const result = await this.commands.execute<SocialSignInCommand, SocialSignInResult>(
      new SocialSignInCommand(body, tenantId?.trim() || null),
    );
    return { user: result.user, token: result.token, redirect_to: result.redirect_to };
  }
}
