import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Request } from 'express';
import { SecurityLogService } from '@common/security/security-log.service';
import { Env } from '@config/env.validation';
import { InvalidSignatureError } from './domain/payments.errors';
import { isValidWebhookSignature } from './domain/webhook-signature';

/** The exact request bytes (the webhook route is parsed raw; see configure-http-app.ts). */
export function rawBodyOf(req: Request): Buffer {
  return Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
}

/**
 * Lets a webhook through only when X-Signature is the HMAC-SHA256 of the exact raw body under
 * PAYMENT_WEBHOOK_SECRET. Refusals are counted in the security log (once a minute per IP, with a
 * count), not the webhook log.
 */
@Injectable()
export class HmacSignatureGuard implements CanActivate {
  constructor(
    private readonly config: ConfigService<Env, true>,
    private readonly securityLog: SecurityLogService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const signature = req.headers['x-signature'];
    if (isValidWebhookSignature(this.config.get('PAYMENT_WEBHOOK_SECRET', { infer: true }), rawBodyOf(req), signature)) return true;
    await this.securityLog.countPerMinute('WEBHOOK_SIGNATURE_REJECTED', {
      ip: req.ip ?? null,
      resourceType: 'payment_webhook',
      details: {
        reason: signature === undefined ? 'missing' : 'mismatch',
        provider: String(req.headers['x-payment-provider'] ?? '').slice(0, 100) || null,
        bytes: rawBodyOf(req).length,
      },
    });
    throw new InvalidSignatureError();
  }
}
