import { Body, Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { Authenticated } from '@common/context/auth.decorators';
import { Ctx } from '@common/context/ctx.decorator';
import type { RequestContext } from '@common/context/request-context';
import { ApiPage, ApiRemoved } from '@common/http/api-docs';
import { UuidIdParam } from '@common/http/id-params';
import { CursorField, PageQueryDto, Paginated, PageSlice, Paginator } from '@common/http/pagination';
import { DeletePushSubscriptionCommand } from './commands/delete-push-subscription/delete-push-subscription.command';
import { DeletePushSubscriptionByIdCommand } from './commands/delete-push-subscription-by-id/delete-push-subscription-by-id.command';
import { RegisterPushSubscriptionCommand } from './commands/register-push-subscription/register-push-subscription.command';
import { PUSH_SUBSCRIPTION_NOT_FOUND } from './domain/notifications.errors';
import { DeletePushSubscriptionDto, PushSubscriptionResponse, RegisterPushSubscriptionDto } from './dto/push-subscription.dto';
import { PushSubscriptionResource } from './dto/push-subscription.resource';
import {
  CountPushSubscriptionsQuery,
  ListPushSubscriptionsQuery,
  PUSH_SUBSCRIPTIONS_PER_PAGE,
} from './queries/list-push-subscriptions/list-push-subscriptions.query';

/** created_at (microseconds), id: the listing order. */
const PUSH_SUBSCRIPTION_SORT_KEY: readonly CursorField[] = ['timestamp', 'uuid'];

/** The caller's browsers that receive Web Push (spec 4.6, decisions §15; throttle:api, the default group). */
@ApiTags('notifications')
@Controller('api/v1/push-subscriptions')
export class PushSubscriptionsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly paginator: Paginator,
  ) {}

  @Get()
  @Authenticated()
  @ApiPage(PushSubscriptionResource, {
    operationId: 'listPushSubscriptions',
    summary: "The signed-in user's browsers, oldest first (at most 20, so one page); no endpoint, no keys",
    invalid: '`page` not a whole number from 1, or a `cursor` that is not one of this list (or sent with `page`)',
  })
  listPushSubscriptions(@Ctx() ctx: RequestContext, @Query() query: PageQueryDto): Promise<Paginated<PushSubscriptionResource>> {
    const userId = ctx.principal.id;
    return this.paginator.page(
      {
        path: '/api/v1/push-subscriptions',
        page: query.page,
        cursor: query.cursor,
        perPage: PUSH_SUBSCRIPTIONS_PER_PAGE,
        key: PUSH_SUBSCRIPTION_SORT_KEY,
      },
      {
        total: () => this.queries.execute<CountPushSubscriptionsQuery, number>(new CountPushSubscriptionsQuery(userId)),
        rows: (window) =>
          this.queries.execute<ListPushSubscriptionsQuery, PageSlice<PushSubscriptionResource>>(
            new ListPushSubscriptionsQuery(userId, window),
          ),
      },
    );
  }

  @Post()
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({ summary: "Register (or update, by endpoint) a browser's PushSubscription for the signed-in user" })
  @ApiOkResponse({ type: PushSubscriptionResponse })
  @ApiUnprocessableEntityResponse({ description: 'Missing or malformed endpoint or keys, endpoint not on an allowed push service' })
  async registerPushSubscription(@Body() body: RegisterPushSubscriptionDto, @Ctx() ctx: RequestContext): Promise<PushSubscriptionResponse> {
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
  @ApiUnprocessableEntityResponse({ description: 'Missing or too long endpoint' })
  async removePushSubscription(@Body() body: DeletePushSubscriptionDto, @Ctx() ctx: RequestContext): Promise<PushSubscriptionResponse> {
    await this.commands.execute(new DeletePushSubscriptionCommand(ctx.principal.id, body.endpoint));
    return { status: 'success', message: 'Web Push subscription deleted.' };
  }

  @Delete(':id')
  @HttpCode(204)
  @Authenticated()
  @ApiRemoved({
    summary: "Forget one of the signed-in user's browsers by its id (from the list)",
    notFound: 'Not one of your push subscriptions (unknown, malformed, or another user’s)',
    param: { name: 'id', description: 'The id from the list (anything but a UUID is a 404)', schema: { type: 'string', format: 'uuid' } },
  })
  async removePushSubscriptionById(@Ctx() ctx: RequestContext, @UuidIdParam('id', PUSH_SUBSCRIPTION_NOT_FOUND) id: string): Promise<void> {
    await this.commands.execute(new DeletePushSubscriptionByIdCommand(ctx.principal.id, id));
  }
}
