import { ConfigService } from '@nestjs/config';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Env } from '@config/env.schema';
import { PushNotConfiguredError } from '@modules/notifications/domain/notifications.errors';
import { GetPushPublicKeyQuery } from './get-push-public-key.query';

/**
 * The configured VAPID public key. The pair is set together or not at all (checked at start-up
 * with the rest of the configuration), so a public key means pushes are sent.
 */
@QueryHandler(GetPushPublicKeyQuery)
export class GetPushPublicKeyHandler implements IQueryHandler<GetPushPublicKeyQuery, string> {
  private readonly publicKey: string;

  constructor(config: ConfigService<Env, true>) {
    this.publicKey = config.get('VAPID_PUBLIC_KEY', { infer: true }).trim();
  }

  execute(): Promise<string> {
    if (this.publicKey === '') return Promise.reject(new PushNotConfiguredError());
    return Promise.resolve(this.publicKey);
  }
}
