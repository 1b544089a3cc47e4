import { Body, Controller, Headers, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiExtraModels,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import { preferredLanguage } from '@common/i18n/api-language';
import { Idempotent } from '@infra/idempotency/idempotent.decorator';
import type { RateLimitRule } from '@infra/rate-limit/rate-limit-groups';
import { RateLimit } from '@infra/rate-limit/rate-limit.decorator';
import { GenerateOtpCommand, GenerateOtpResult } from './commands/generate-otp/generate-otp.command';
import { VerifyOtpCommand, VerifyOtpResult } from './commands/verify-otp/verify-otp.command';
import { otpCountingKey, parseOtpIdentifier } from './domain/otp-identifier';
import { GenerateOtpDto, GenerateOtpResponse } from './dto/generate-otp.dto';
import { OtpRequiresRegistration, OtpSignedIn, OtpVerifiedUser, verifyOtpAnswerSchema, VerifyOtpDto } from './dto/verify-otp.dto';

/**
 * Codes sent to one mailbox or phone, whoever asks, counted by the identifier's counting key (E.164
 * for phones; for emails lower case, no `+tag`, and Gmail's dots and googlemail.com folded), so
 * `+504-9999-8888` and `+504(9999)8888`, or `Ana+x@Gmail.com` and `a.n.a@googlemail.com`, share a
 * budget. An identifier that does not parse is refused (422) and sends nothing: it is counted per IP only.
 */
const PER_IDENTIFIER: RateLimitRule = {
  group: 'api.otp-identifier',
  tracker: (req) => {
    const raw = (req.body as { identifier?: unknown } | undefined)?.identifier;
    const identifier = typeof raw === 'string' ? parseOtpIdentifier(raw) : null;
    return identifier ? `identifier:${otpCountingKey(identifier)}` : null;
  },
};

@ApiTags('otp')
@Controller('api/v1/otp')
export class OtpController {
  constructor(private readonly commands: CommandBus) {}

  @Post('generate')
  @HttpCode(200)
  @RateLimit('api.otp-generation', PER_IDENTIFIER)
  @Idempotent()
  @ApiOperation({
    summary: 'Send a one-time code to an email address or phone number',
    description:
      'Answers the same whether or not the address can receive the code. Limited per IP and per identifier (a phone number or mailbox however it is spelled).',
  })
  @ApiHeader({
    name: 'accept-language',
    required: false,
    description: "The language of the code's mail or SMS: English when it prefers `en`, Spanish otherwise",
  })
  @ApiOkResponse({ type: GenerateOtpResponse })
  @ApiUnprocessableEntityResponse({
    description: 'Missing or invalid identifier, a phone number outside OTP_SMS_COUNTRIES, or an idempotency key reused with another body',
  })
  async generateOtp(@Body() body: GenerateOtpDto, @Headers('accept-language') acceptLanguage?: string): Promise<GenerateOtpResponse> {
    const { sessionId, expiresAt } = await this.commands.execute<GenerateOtpCommand, GenerateOtpResult>(
      new GenerateOtpCommand(body.identifier, preferredLanguage(acceptLanguage, 'es')),
    );
    return {
      message: 'If the address can receive it, a verification code is on its way.',
      uuid: sessionId,
      expires_at: expiresAt.toISOString(),
    };
  }

  @Post('verify')
  @HttpCode(200)
  @RateLimit('api.verification')
  @ApiOperation({ summary: 'Check a one-time code; signs in an existing account (token) or asks to register' })
  @ApiExtraModels(OtpVerifiedUser)
  @ApiOkResponse({
    description: 'The code is right: a token for the existing account, or `requires_registration: true`',
    schema: verifyOtpAnswerSchema(getSchemaPath(OtpVerifiedUser)),
  })
  @ApiUnprocessableEntityResponse({ description: 'Malformed, unknown, wrong, expired, used or locked code' })
  async verifyOtp(@Body() body: VerifyOtpDto): Promise<OtpSignedIn | OtpRequiresRegistration> {
    const result = await this.commands.execute<VerifyOtpCommand, VerifyOtpResult>(new VerifyOtpCommand(body.uuid, body.otp_code));
    if (result.requiresRegistration) {
      return {
        message: 'Code verified. No account exists yet for this identifier.',
        user: null,
        requires_registration: true,
        redirect: '/register',
      };
    }
    return {
      message: 'Code verified.',
      user: { id: result.user.id, tenant_id: result.user.tenantId },
      requires_registration: false,
      redirect: '/dashboard',
      token: result.token,
    };
  }
}
