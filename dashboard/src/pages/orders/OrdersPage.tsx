import { Anchor, Button, Center, Group, NativeSelect, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api, unwrap } from '../../api/client';
import { keys } from '../../api/query-keys';
import { PageTitle } from '../../components/PageTitle';
import { ScrollTable } from '../../components/ScrollTable';
import { QueryError } from '../../components/QueryError';
import { formatDateTime } from '../../format/dates';
import { formatMoney } from '../../format/money';
import { PageLoader } from '../../layout/Layout';
import { ORDER_STATUSES, type OrderStatus } from './order-status';
import { StatusBadge } from './StatusBadge';

/** The API's longest search term (`GET /api/v1/orders?search=`). */
const SEARCH_MAX = 100;
/** How long typing must pause before the list is asked again. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The shop's orders, newest first: filtered by status and by a search (order number, customer
 * name or phone), paged by cursor ("Load more"). A new order arrives by itself (the realtime hook
 * refreshes this list on `order.created`). The filter and the search live in the URL (`status`,
 * `search`), so a reload or a shared link keeps them; the search is written there once typing
 * pauses.
 */
export default function OrdersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status = (ORDER_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as OrderStatus) : null;
  const search = (params.get('search') ?? '').trim().slice(0, SEARCH_MAX) || null;

  const orders = useInfiniteQuery({
    queryKey: keys.orders.list({ status, search }),
    queryFn: ({ pageParam }) =>
      unwrap(
        api.GET('/api/v1/orders', {
          params: {
            query: {
              ...(status ? { status } : {}),
              ...(search ? { search } : {}),
              ...(pageParam ? { cursor: pageParam } : {}),
            },
          },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_cursor ?? null,
  });

  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  // What the box shows; the URL (and so the list) follows it once typing pauses, and the box
  // follows the URL when it changes otherwise (a link, the browser's back button).
  const urlSearch = params.get('search') ?? '';
  const [typed, setTyped] = useState(urlSearch);
  const [settled] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    const term = settled.trim() || null;
    if (term !== (urlSearch.trim() || null)) setParam('search', term);
  }, [settled]); // only a settled change of the box writes the URL
  useEffect(() => {
    setTyped((current) => (current.trim() === urlSearch.trim() ? current : urlSearch));
  }, [urlSearch]);

  const rows = orders.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <>
      <PageTitle>{t('orders.title')}</PageTitle>
      <Group align="flex-end" mb="md" gap="sm" wrap="wrap">
        <NativeSelect
          label={t('orders.status')}
          value={status ?? ''}
          onChange={(event) => setParam('status', event.currentTarget.value || null)}
          data={[{ value: '', label: t('orders.allStatuses') }, ...ORDER_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))]}
          w={180}
        />
        <TextInput
          type="search"
          label={t('orders.search')}
          placeholder={t('orders.searchHint')}
          value={typed}
          maxLength={SEARCH_MAX}
          onChange={(event) => setTyped(event.currentTarget.value)}
          w={280}
        />
      </Group>

      {orders.isPending ? (
        <PageLoader />
      ) : orders.isError ? (
        <QueryError error={orders.error} />
      ) : rows.length === 0 ? (
        <Text py="lg">{status || search ? t('orders.noMatch') : t('orders.empty')}</Text>
      ) : (
        <>
          <ScrollTable label={t('orders.table')} minWidth={560}>
            <Table aria-label={t('orders.table')} striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('orders.order')}</Table.Th>
                  <Table.Th scope="col">{t('orders.date')}</Table.Th>
                  <Table.Th scope="col">{t('orders.customer')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('orders.total')}
                  </Table.Th>
                  <Table.Th scope="col">{t('orders.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((order) => (
                  <Table.Tr key={order.id} data-order-id={order.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/orders/${order.id}`} fw={600}>
                        #{order.order_number}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{formatDateTime(order.created_at)}</Table.Td>
                    <Table.Td>{order.customer_name}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(order.total, order.currency)}
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={order.status} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          {orders.hasNextPage && (
            <Center mt="md">
              <Button variant="default" onClick={() => void orders.fetchNextPage()} loading={orders.isFetchingNextPage}>
                {t('orders.loadMore')}
              </Button>
            </Center>
          )}
        </>
      )}
    </>
  );
}
