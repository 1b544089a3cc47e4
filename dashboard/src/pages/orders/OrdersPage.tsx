import { Anchor, Button, Center, Group, NativeSelect, Table, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
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

/**
 * The shop's orders, newest first: filtered by status, paged by cursor ("Load more"). A new order
 * arrives by itself (the realtime hook refreshes this list on `order.created`). The filter lives in
 * the URL, so a reload or a shared link keeps it. (Search waits for the API: `GET /api/v1/orders`
 * takes no search term yet; see docs/dashboard.md.)
 */
export default function OrdersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status = (ORDER_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as OrderStatus) : null;

  const orders = useInfiniteQuery({
    queryKey: keys.orders.list({ status }),
    queryFn: ({ pageParam }) =>
      unwrap(
        api.GET('/api/v1/orders', {
          params: {
            query: {
              ...(status ? { status } : {}),
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
      </Group>

      {orders.isPending ? (
        <PageLoader />
      ) : orders.isError ? (
        <QueryError error={orders.error} />
      ) : rows.length === 0 ? (
        <Text py="lg">{status ? t('orders.noMatch') : t('orders.empty')}</Text>
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
