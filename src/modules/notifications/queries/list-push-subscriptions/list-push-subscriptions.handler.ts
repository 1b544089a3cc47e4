import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { CursorKey, PageSlice } from '@common/http/pagination';
import type { PushSubscriptionResource } from '@modules/notifications/dto/push-subscription.resource';
import { PushSubscriptionsRepository, PushSubscriptionSummary } from '@modules/notifications/persistence/push-subscriptions.repository';
import { CountPushSubscriptionsQuery, ListPushSubscriptionsQuery } from './list-push-subscriptions.query';

/**
 * A user's browsers, oldest first (created_at, id). A user has at most 20, so the page is cut from
 * all of them, read at once through the user's index: no page costs more than another.
 */
@QueryHandler(ListPushSubscriptionsQuery)
export class ListPushSubscriptionsHandler implements IQueryHandler<ListPushSubscriptionsQuery, PageSlice<PushSubscriptionResource>> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly subscriptions: PushSubscriptionsRepository,
  ) {}

  async execute({ userId, window }: ListPushSubscriptionsQuery): Promise<PageSlice<PushSubscriptionResource>> {
    const all = await this.subscriptions.summariesForUser(this.dataSource.manager, userId);
    let rows: PushSubscriptionSummary[];
    if (window.kind === 'after') {
      const [micros, id] = window.key as [string, string];
      rows = all.filter((row) => isAfter(row, BigInt(micros), id)).slice(0, window.limit);
    } else if (window.backward) {
      rows = all.slice(Math.max(0, all.length - window.offset - window.limit), all.length - window.offset);
    } else {
      rows = all.slice(window.offset, window.offset + window.limit);
    }
    return {
      data: rows.map((row) => ({ id: row.id, endpoint_host: new URL(row.endpoint).hostname, created_at: row.createdAt.toISOString() })),
      keys: rows.map((row): CursorKey => [row.sortKey, row.id]),
    };
  }
}

@QueryHandler(CountPushSubscriptionsQuery)
export class CountPushSubscriptionsHandler implements IQueryHandler<CountPushSubscriptionsQuery, number> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly subscriptions: PushSubscriptionsRepository,
  ) {}

  execute({ userId }: CountPushSubscriptionsQuery): Promise<number> {
    return this.subscriptions.countForUser(this.dataSource.manager, userId);
  }
}

function isAfter(row: PushSubscriptionSummary, micros: bigint, id: string): boolean {
  const rowMicros = BigInt(row.sortKey);
  return rowMicros > micros || (rowMicros === micros && row.id > id);
}
