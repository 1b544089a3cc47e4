import { Controller, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiAcceptedResponse,
  ApiBody,
  ApiForbiddenResponse,
  ApiHeader,
  ApiInternalServerErrorResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { refuseHostileJsonBytes } from '@common/http/hostile-json';
import { SkipRateLimit } from '@infra/rate-limit/rate-limit.decorator';
import { ReceivePaymentEventCommand, WebhookOutcome } from './commands/receive-payment-event/receive-payment-event.command';
import { PaymentWebhookBody, WebhookFailed, WebhookIgnored, WebhookInvalid, WebhookProcessed } from './dto/payment-webhook.dto';
import { HmacSignatureGuard, rawBodyOf, verifiedProviderOf } from './hmac-signature.guard';

const ANSWERS: Record<WebhookOutcome, { status: number; body: { status: string } }> = {
  processed: { status: 200, body: { status: 'ok' } },
  ignored: { status: 202, body: { status: 'ignored' } },
  invalid: { status: 422, body: { status: 'invalid' } },
  failed: { status: 500, body: { status: 'error' } },
};

/** The payment gateway's callback (route webhooks.payment): no /v1, no bearer, no CSRF; the signature is the access control. */
@ApiTags('payments')
@SkipRateLimit()
@Controller('api/webhooks')
export class PaymentWebhookController {
  constructor(private readonly commands: CommandBus) {}

  @Post('payment')
  @HttpCode(200)
  @UseGuards(HmacSignatureGuard)
  @ApiOperation({
    summary: 'Receive a payment event from the gateway',
    description:
      'Signed with `X-Signature` (lowercase hex HMAC-SHA256 of the raw body under the webhook secret); no bearer token. Every delivery is logged before it is applied; a repeated event id is applied once and answered from the recorded outcome.',
  })
  @ApiHeader({
    name: 'X-Signature',
    required: true,
    description: 'Lowercase hex HMAC-SHA256 of the exact request body, keyed with the webhook secret',
    schema: { type: 'string', pattern: '^[0-9a-f]{64}$' },
  })
  @ApiHeader({
    name: 'X-Payment-Provider',
    required: false,
    description:
      'With PAYMENT_WEBHOOK_SECRETS: which listed provider signed the delivery (else PAYMENT_PROVIDER). Ignored with one secret.',
    schema: { type: 'string' },
  })
  @ApiBody({ type: PaymentWebhookBody })
  @ApiOkResponse({ type: WebhookProcessed, description: 'Processed (also for a repeated event id)' })
  @ApiAcceptedResponse({ type: WebhookIgnored, description: 'Unknown event type: logged, not applied' })
  @ApiForbiddenResponse({ description: "Signature missing or mismatched: `{ message: 'Invalid signature' }`" })
  @ApiUnprocessableEntityResponse({ type: WebhookInvalid, description: 'The payload failed domain validation (logged)' })
  @ApiInternalServerErrorResponse({
    type: WebhookFailed,
    description: 'Unexpected processing error: nothing of it stands, the delivery is logged as failed and its retry applies it',
  })
  async receivePaymentEvent(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
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
