import { Controller, Get, Patch, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Authenticated } from '@common/context/auth.decorators';
import { Ctx } from '@common/context/ctx.decorator';
import type { RequestContext } from '@common/context/request-context';
import { ApiPage } from '@common/http/api-docs';
import { UuidIdParam } from '@common/http/id-params';
import { CursorField, PageQueryDto, Paginated, PageSlice, Paginator } from '@common/http/pagination';
import { MarkAllNotificationsReadCommand } from './commands/mark-all-notifications-read/mark-all-notifications-read.command';
import { MarkNotificationReadCommand } from './commands/mark-notification-read/mark-notification-read.command';
import { NOTIFICATION_NOT_FOUND } from './domain/notifications.errors';
import { NotificationResource, NotificationsMarkedRead, UnreadNotificationsCount } from './dto/notification.resource';
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
  @ApiPage(NotificationResource, {
    operationId: 'listNotifications',
    summary: 'Your notifications, unread first, then newest first, 10 a page (`page`, or `cursor` to scroll)',
    invalid: '`page` not a whole number from 1, or a `cursor` that is not one of this list (or sent with `page`)',
  })
  listNotifications(@Ctx() ctx: RequestContext, @Query() query: PageQueryDto): Promise<Paginated<NotificationResource>> {
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
  @ApiOperation({ operationId: 'countUnreadNotifications', summary: 'How many of your notifications are unread' })
  @ApiOkResponse({ type: UnreadNotificationsCount })
  async countUnread(@Ctx() ctx: RequestContext): Promise<UnreadNotificationsCount> {
    return {
      count: await this.queries.execute<CountUnreadNotificationsQuery, number>(new CountUnreadNotificationsQuery(ctx.principal.id)),
    };
  }

  @Patch('read-all')
  @ApiOperation({ summary: 'Mark every notification of yours read (those already read keep their read time)' })
  @ApiOkResponse({ type: NotificationsMarkedRead })
  async markAllNotificationsRead(@Ctx() ctx: RequestContext): Promise<NotificationsMarkedRead> {
    await this.commands.execute(new MarkAllNotificationsReadCommand(ctx.principal.id));
    return SUCCESS;
  }

  @Patch(':id/read')
  @ApiOperation({ summary: 'Mark one of your notifications read (again: it keeps its first read time)' })
  @ApiParam({ name: 'id', description: 'The notification id (anything but a UUID is a 404)', schema: { type: 'string', format: 'uuid' } })
  @ApiOkResponse({ type: NotificationsMarkedRead })
  @ApiNotFoundResponse({ description: 'Not one of your notifications (unknown, malformed, or another user’s)' })
  async markNotificationRead(
    @Ctx() ctx: RequestContext,
    @UuidIdParam('id', NOTIFICATION_NOT_FOUND) id: string,
  ): Promise<NotificationsMarkedRead> {
    await this.commands.execute(new MarkNotificationReadCommand(ctx.principal.id, id));
    return SUCCESS;
  }
}
