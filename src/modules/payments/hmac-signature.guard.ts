import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Request } from 'express';
import { SecurityLogService } from '@common/security/security-log.service';
import { Env } from '@config/env.schema';
import { parseWebhookSecrets } from '@config/env.parsers';
import { InvalidSignatureError } from './domain/payments.errors';
import { WebhookProviders } from './domain/webhook-providers';
import { isValidWebhookSignature } from './domain/webhook-signature';

/** The exact request bytes (the webhook route is parsed raw; see bootstrap/configure-http-app.ts). */
export function rawBodyOf(req: Request): Buffer {
  return Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
}

const verifiedProviders = new WeakMap<Request, string>();

/** The provider whose secret verified this request's signature (set by HmacSignatureGuard). */
export function verifiedProviderOf(req: Request): string {
  const provider = verifiedProviders.get(req);
  if (provider === undefined) throw new Error('The payment webhook signature was not verified for this request');
  return provider;
}

/**
 * Lets a webhook through only when X-Signature is the HMAC-SHA256 of the exact raw body under the
 * secret of the provider the delivery belongs to (see WebhookProviders), and remembers that
 * provider for the handler. Refusals are counted in the security log (once a minute per IP, with a
 * count), not the webhook log.
 */
@Injectable()
export class HmacSignatureGuard implements CanActivate {
  private readonly providers: WebhookProviders;

  constructor(
    config: ConfigService<Env, true>,
    private readonly securityLog: SecurityLogService,
  ) {
    this.providers = new WebhookProviders(
      config.get('PAYMENT_PROVIDER', { infer: true }),
      config.get('PAYMENT_WEBHOOK_SECRET', { infer: true }),
      parseWebhookSecrets(config.get('PAYMENT_WEBHOOK_SECRETS', { infer: true })),
    );
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const signature = req.headers['x-signature'];
    const header = req.headers['x-payment-provider'];
    const provider = this.providers.select(header);
    if (provider && isValidWebhookSignature(provider.secret, rawBodyOf(req), signature)) {
      verifiedProviders.set(req, provider.name);
      return true;
    }
    await this.securityLog.countPerMinute('WEBHOOK_SIGNATURE_REJECTED', {
      ip: req.ip ?? null,
      resourceType: 'payment_webhook',
      details: {
        reason: signature === undefined ? 'missing' : provider ? 'mismatch' : 'unknown_provider',
        provider: typeof header === 'string' ? header.slice(0, 100) : null,
        bytes: rawBodyOf(req).length,
      },
    });
    throw new InvalidSignatureError();
  }
}
