import { Body, Controller, Delete, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { Authenticated } from '@common/context/auth.decorators';
import { Ctx } from '@common/context/ctx.decorator';
import type { RequestContext } from '@common/context/request-context';
import { DeletePushSubscriptionCommand } from './commands/delete-push-subscription/delete-push-subscription.command';
import { RegisterPushSubscriptionCommand } from './commands/register-push-subscription/register-push-subscription.command';
import { DeletePushSubscriptionDto, PushSubscriptionResponse, RegisterPushSubscriptionDto } from './dto/push-subscription.dto';

/** The caller's browsers that receive Web Push (spec 4.6; throttle:api, the default group). */
@ApiTags('notifications')
@Controller('api/v1/push-subscriptions')
export class PushSubscriptionsController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({ summary: "Register (or update, by endpoint) a browser's PushSubscription for the signed-in user" })
  @ApiOkResponse({ type: PushSubscriptionResponse })
  @ApiUnauthorizedResponse({ description: 'No valid bearer token' })
  @ApiUnprocessableEntityResponse({ description: 'Missing or malformed endpoint or keys, endpoint not on an allowed push service' })
  async register(@Body() body: RegisterPushSubscriptionDto, @Ctx() ctx: RequestContext): Promise<PushSubscriptionResponse> {
    await this.commands.execute(
      new RegisterPushSubscriptionCommand(
        ctx.principal.id,
        body.endpoint,
        body.keys.auth,
        body.keys.p256dh,
        body.contentEncoding ?? 'aes128gcm',
      ),
    );
    return { status: 'success', message: 'Web Push subscription updated.' };
  }

  @Delete()
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({ summary: "Forget one of the signed-in user's browsers (200 also when it was not registered)" })
  @ApiOkResponse({ type: PushSubscriptionResponse })
  @ApiUnauthorizedResponse({ description: 'No valid bearer token' })
  @ApiUnprocessableEntityResponse({ description: 'Missing or too long endpoint' })
  async remove(@Body() body: DeletePushSubscriptionDto, @Ctx() ctx: RequestContext): Promise<PushSubscriptionResponse> {
    await this.commands.execute(new DeletePushSubscriptionCommand(ctx.principal.id, body.endpoint));
    return { status: 'success', message: 'Web Push subscription deleted.' };
  }
}
