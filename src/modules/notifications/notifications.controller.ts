import { Controller, Get, Patch, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated } from '@common/context/auth.decorators';
import { Ctx } from '@common/context/ctx.decorator';
import type { RequestContext } from '@common/context/request-context';
import { UuidIdParam } from '@common/http/id-params';
import { CursorField, PageQueryDto, Paginated, PageSlice, Paginator } from '@common/http/pagination';
import { MarkAllNotificationsReadCommand } from './commands/mark-all-notifications-read/mark-all-notifications-read.command';
import { MarkNotificationReadCommand } from './commands/mark-notification-read/mark-notification-read.command';
import { NOTIFICATION_NOT_FOUND } from './domain/notifications.errors';
import type { NotificationResource } from './dto/notification.resource';
import { CountUnreadNotificationsQuery } from './queries/count-unread-notifications/count-unread-notifications.query';
import {
  CountNotificationsQuery,
  ListNotificationsQuery,
  NOTIFICATIONS_PER_PAGE,
} from './queries/list-notifications/list-notifications.query';

/** Read or not, created_at (microseconds), id: the listing order. */
const NOTIFICATION_SORT_KEY: readonly CursorField[] = ['bool', 'timestamp', 'uuid'];

const SUCCESS = { status: 'success' } as const;

/** The signed-in user's own notifications (spec 4.6): every route is scoped to the caller. */
@ApiTags('notifications')
@Authenticated()
@Controller('api/v1/notifications')
export class NotificationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly paginator: Paginator,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Your notifications, unread first, then newest first, 10 a page (`page`, or `cursor` to scroll)' })
  list(@Ctx() ctx: RequestContext, @Query() query: PageQueryDto): Promise<Paginated<NotificationResource>> {
    const userId = ctx.principal.id;
    return this.paginator.page(
      {
        path: '/api/v1/notifications',
        page: query.page,
        cursor: query.cursor,
        perPage: NOTIFICATIONS_PER_PAGE,
        key: NOTIFICATION_SORT_KEY,
      },
      {
        total: () => this.queries.execute<CountNotificationsQuery, number>(new CountNotificationsQuery(userId)),
        rows: (window) =>
          this.queries.execute<ListNotificationsQuery, PageSlice<NotificationResource>>(new ListNotificationsQuery(userId, window)),
      },
    );
  }

  @Get('count')
  @ApiOkResponse({ description: '{ count }: how many of your notifications are unread' })
  async count(@Ctx() ctx: RequestContext): Promise<{ count: number }> {
    return {
      count: await this.queries.execute<CountUnreadNotificationsQuery, number>(new CountUnreadNotificationsQuery(ctx.principal.id)),
    };
  }

  @Patch('read-all')
  @ApiOkResponse({ description: "{ status: 'success' }: every notification of yours is read" })
  async readAll(@Ctx() ctx: RequestContext): Promise<typeof SUCCESS> {
    await this.commands.execute(new MarkAllNotificationsReadCommand(ctx.principal.id));
    return SUCCESS;
  }

  @Patch(':id/read')
  @ApiOkResponse({ description: "{ status: 'success' }; 404 for an id that is not one of your notifications" })
  async read(@Ctx() ctx: RequestContext, @UuidIdParam('id', NOTIFICATION_NOT_FOUND) id: string): Promise<typeof SUCCESS> {
    await this.commands.execute(new MarkNotificationReadCommand(ctx.principal.id, id));
    return SUCCESS;
  }
}
