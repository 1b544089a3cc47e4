import { Controller, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiHeader, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { refuseHostileJsonBytes } from '@common/http/hostile-json';
import { SkipRateLimit } from '@infra/rate-limit/rate-limit.decorator';
import { ReceivePaymentEventCommand, WebhookOutcome } from './commands/receive-payment-event/receive-payment-event.command';
import { HmacSignatureGuard, rawBodyOf, verifiedProviderOf } from './hmac-signature.guard';

const ANSWERS: Record<WebhookOutcome, { status: number; body: { status: string } }> = {
  processed: { status: 200, body: { status: 'ok' } },
  ignored: { status: 202, body: { status: 'ignored' } },
  invalid: { status: 422, body: { status: 'invalid' } },
  failed: { status: 500, body: { status: 'error' } },
};

/** The payment gateway's callback (route webhooks.payment): no /v1, no bearer, no CSRF; the signature is the access control. */
@ApiTags('webhooks')
@SkipRateLimit()
@Controller('api/webhooks')
export class PaymentWebhookController {
  constructor(private readonly commands: CommandBus) {}

  @Post('payment')
  @HttpCode(200)
  @UseGuards(HmacSignatureGuard)
  @ApiOperation({ summary: 'Payment events from the gateway, signed with X-Signature (hex HMAC-SHA256 of the raw body)' })
  @ApiHeader({ name: 'X-Signature', required: true })
  @ApiHeader({
    name: 'X-Payment-Provider',
    required: false,
    description:
      'With PAYMENT_WEBHOOK_SECRETS: which listed provider signed the delivery (else PAYMENT_PROVIDER). Ignored with one secret.',
  })
  @ApiResponse({ status: 200, description: "{ status: 'ok' } processed (also for a repeated event id)" })
  @ApiResponse({ status: 202, description: "{ status: 'ignored' } unknown event type, logged" })
  @ApiResponse({ status: 403, description: "{ message: 'Invalid signature' }" })
  @ApiResponse({ status: 422, description: "{ status: 'invalid' } payload failed domain validation" })
  @ApiResponse({ status: 500, description: "{ status: 'error' } unexpected processing error (logged; retry)" })
  async receive(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    // The same edge check as every JSON route, once the signature is known good.
    refuseHostileJsonBytes(rawBodyOf(req));
    const outcome = await this.commands.execute<ReceivePaymentEventCommand, WebhookOutcome>(
      new ReceivePaymentEventCommand(rawBodyOf(req), verifiedProviderOf(req)),
    );
    const answer = ANSWERS[outcome];
    res.status(answer.status);
    return answer.body;
  }
}
