import { Body, Controller, Headers, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Idempotent } from '@infra/idempotency/idempotent.decorator';
import { SocialSignInCommand, SocialSignInResult } from './commands/social-sign-in/social-sign-in.command';
import { SocialSignInDto } from './dto/social-sign-in.dto';

@ApiTags('auth')
@Controller('api/v1/auth')
export class SocialAuthController {
  constructor(private readonly commands: CommandBus) {}

  @Post('social')
  @HttpCode(200)
  @Idempotent({ sealed: true })
  @ApiOperation({ summary: 'Sign in with Google, Facebook, Apple, GitHub or Twitter; returns a bearer token' })
  @ApiHeader({ name: 'X-Tenant-ID', required: false, description: 'Must be the tenant the account belongs to' })
  @ApiOkResponse({ description: '{ user, token, redirect_to }' })
  @ApiUnprocessableEntityResponse({ description: 'Invalid fields, token refused by the provider, or unresolved tenant context' })
  @ApiServiceUnavailableResponse({ description: 'The provider could not be reached' })
  async signIn(@Body() body: SocialSignInDto, @Headers('x-tenant-id') tenantId?: string) {
    const result = await this.commands.execute<SocialSignInCommand, SocialSignInResult>(
      new SocialSignInCommand(body, tenantId?.trim() || null),
    );
    return { user: result.user, token: result.token, redirect_to: result.redirect_to };
  }
}
