import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { ApiShow } from '@common/http/api-docs';
import { PushPublicKeyResponse } from './dto/push-public-key.resource';
import { GetPushPublicKeyQuery } from './queries/get-push-public-key/get-push-public-key.query';

/** What a browser needs before it can subscribe to Web Push (decisions §17): public, no token. */
@ApiTags('notifications')
@Controller('api/v1/push')
export class PushPublicKeyController {
  constructor(private readonly queries: QueryBus) {}

  @Get('public-key')
  @ApiShow(PushPublicKeyResponse, {
    summary: "The server's VAPID public key, for `pushManager.subscribe` (public)",
    notFound: 'Web Push is not configured on this server (no VAPID key pair)',
  })
  async showPushPublicKey(): Promise<PushPublicKeyResponse> {
    return { public_key: await this.queries.execute<GetPushPublicKeyQuery, string>(new GetPushPublicKeyQuery()) };
  }
}
