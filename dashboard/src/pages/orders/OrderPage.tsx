import { type ReactNode, useState } from 'react';
import { Alert, Anchor, Button, Card, Group, Modal, NativeSelect, SimpleGrid, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api, unwrap } from '../../api/client';
import { ApiError } from '../../api/errors';
import { keys } from '../../api/query-keys';
import { notify } from '../../components/notify';
import { PageTitle } from '../../components/PageTitle';
import { ScrollTable } from '../../components/ScrollTable';
import { QueryError } from '../../components/QueryError';
import { formatDateTime } from '../../format/dates';
import { formatMoney } from '../../format/money';
import { PageLoader } from '../../layout/Layout';
import type { Order, OrderEvent, OrderStatus } from './order-status';
import { StatusBadge } from './StatusBadge';

/**
 * One order (the page the new-order push opens): customer, lines, totals, payment, the status
 * history; the status moves only to what the server allows now, cancelling asks first, and a
 * refusal (409, 422) is shown as the API's message.
 */
export default function OrderPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0 && id <= 2147483647;
  const order = useQuery({
    queryKey: keys.orders.detail(id),
    queryFn: async () => (await unwrap(api.GET('/api/v1/orders/{order}', { params: { path: { order: id } } }))).data,
    enabled: valid,
  });

  if (!valid) return <QueryError error={new ApiError(404, t('order.notFound'))} />;
  if (order.isPending) return <PageLoader />;
  if (order.isError) return <QueryError error={order.error} />;
  return <OrderDetails order={order.data} />;
}

function OrderDetails({ order }: { order: Order }) {
  const { t } = useTranslation();
  const money = (amount: number) => formatMoney(amount, order.currency);
  const number = `#${order.order_number}`;

  return (
    <>
      <Anchor component={Link} to="/orders" size="sm">
        ← {t('order.back')}
      </Anchor>
      <PageTitle actions={<StatusBadge status={order.status} size="lg" />}>{t('order.title', { number })}</PageTitle>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mb="md">
        <Card withBorder>
          <Title order={2} size="h4" mb="xs">
            {t('order.customer')}
          </Title>
          <Facts
            facts={[
              [t('order.customer'), order.customer_name],
              [t('order.phone'), <PhoneLinks order={order} />],
              [t('order.email'), order.customer_email],
              [t('order.address'), order.customer_address],
              [t('order.notes'), order.customer_notes],
              [t('order.delivery'), t(`deliveryType.${order.delivery_type}`)],
              [t('order.branch'), order.location && <Branch location={order.location} />],
              [t('order.placed'), formatDateTime(order.created_at)],
            ]}
          />
        </Card>
        <StatusCard order={order} />
      </SimpleGrid>

      <Card withBorder mb="md">
        <Title order={2} size="h4" mb="xs">
          {t('order.items')}
        </Title>
        <ScrollTable label={t('order.items')} minWidth={420}>
          <Table aria-label={t('order.items')} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('order.product')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('order.quantity')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('order.price')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('order.lineTotal')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.items.map((item, index) => (
                <Table.Tr key={`${item.product_id}-${index}`}>
                  <Table.Td>{item.name}</Table.Td>
                  <Table.Td ta="right">{item.quantity}</Table.Td>
                  <Table.Td ta="right">{money(item.price)}</Table.Td>
                  <Table.Td ta="right">{money(item.line_total)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
        <Stack gap={4} mt="sm" ml="auto" maw={320}>
          <Total label={t('order.subtotal')} value={money(order.subtotal)} />
          {order.discount_amount > 0 && (
            <Total
              label={order.coupon_code ? `${t('order.discount')} (${t('order.coupon', { code: order.coupon_code })})` : t('order.discount')}
              value={`− ${money(order.discount_amount)}`}
            />
          )}
          <Total label={t('order.deliveryFee')} value={money(order.delivery_fee)} />
          <Total label={t('order.total')} value={money(order.total)} strong />
        </Stack>
      </Card>

      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {t('order.history')}
        </Title>
        <History order={order} />
      </Card>
    </>
  );
}

/** Payment ("Mark as paid" while unpaid), the status form (only the allowed next statuses) and the cancel button with its dialog. */
function StatusCard({ order }: { order: Order }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // Cancelling has its own button, which asks first; the list offers the forward steps.
  const next = order.allowed_statuses.filter((status) => status !== 'cancelled' && status !== order.status);
  const canCancel = order.allowed_statuses.includes('cancelled');
  const [chosen, setChosen] = useState<OrderStatus | ''>('');
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const number = `#${order.order_number}`;

  const settle = async (updated: Order | null) => {
    if (updated) queryClient.setQueryData<Order>(keys.orders.detail(order.id), updated);
    await queryClient.invalidateQueries({ queryKey: keys.orders.all });
    await queryClient.invalidateQueries({ queryKey: keys.overview.all });
  };
  const refused = (error: unknown) => setRefusal(error instanceof ApiError ? error.message : t('common.error'));

  const update = useMutation({
    mutationFn: async (status: OrderStatus) =>
      (await unwrap(api.PATCH('/api/v1/orders/{order}/status', { params: { path: { order: order.id } }, body: { status } }))).data,
    onMutate: () => setRefusal(null),
    onSuccess: async (updated) => {
      setChosen('');
      notify({ message: t('order.statusUpdated', { status: t(`status.${updated.status}`) }) });
      await settle(updated);
    },
    onError: refused,
  });
  const markPaid = useMutation({
    mutationFn: async () =>
      (
        await unwrap(
          api.PATCH('/api/v1/orders/{order}/payment', { params: { path: { order: order.id } }, body: { payment_status: 'paid' } }),
        )
      ).data,
    onMutate: () => setRefusal(null),
    onSuccess: async (updated) => {
      notify({ message: t('order.markedPaid', { number }) });
      await settle(updated);
    },
    onError: refused,
  });
  const cancel = useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/v1/orders/{order}', { params: { path: { order: order.id } } })),
    onMutate: () => setRefusal(null),
    onSuccess: async () => {
      setConfirming(false);
      notify({ message: t('order.cancelled', { number }) });
      await settle(null);
    },
    onError: (error) => {
      setConfirming(false);
      refused(error);
    },
  });

  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="xs">
        {t('order.status')}
      </Title>
      <Facts
        facts={[
          [
            t('order.payment'),
            `${t(`paymentStatus.${order.payment_status}`)}${order.paid_at ? ` · ${t('order.paidAt', { date: formatDateTime(order.paid_at) })}` : ''}`,
          ],
          [t('order.paymentMethod'), t(`paymentMethod.${order.payment_method}`)],
        ]}
      />
      {order.payment_status !== 'paid' && (
        <Button variant="default" mt="sm" loading={markPaid.isPending} onClick={() => markPaid.mutate()}>
          {t('order.markPaid')}
        </Button>
      )}
      {refusal && (
        <Alert color="red" role="alert" mt="sm">
          {refusal}
        </Alert>
      )}
      {next.length === 0 && !canCancel ? (
        <Text mt="sm">{t('order.finalStatus', { status: t(`status.${order.status}`) })}</Text>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen) update.mutate(chosen);
          }}
        >
          <Group align="flex-end" mt="sm" gap="sm" wrap="wrap">
            {next.length > 0 && (
              <>
                <NativeSelect
                  label={t('order.status')}
                  value={chosen}
                  onChange={(event) => setChosen(event.currentTarget.value as OrderStatus | '')}
                  data={[
                    { value: '', label: t('order.chooseStatus') },
                    ...next.map((status) => ({ value: status, label: t(`status.${status}`) })),
                  ]}
                />
                <Button type="submit" loading={update.isPending} disabled={!chosen}>
                  {t('order.updateStatus')}
                </Button>
              </>
            )}
            {canCancel && (
              <Button variant="outline" color="red.8" onClick={() => setConfirming(true)}>
                {t('order.cancel')}
              </Button>
            )}
          </Group>
        </form>
      )}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('order.cancelTitle', { number })} centered>
        <Text mb="md">{t('order.cancelText')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
            {t('order.keep')}
          </Button>
          <Button color="red.8" loading={cancel.isPending} onClick={() => cancel.mutate()}>
            {t('order.cancelConfirm')}
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}

/** The history, oldest first: placed, each status change (from → to), each payment outcome, with its time. */
function History({ order }: { order: Order }) {
  const { t } = useTranslation();
  const entries: OrderEvent[] = order.events.length
    ? order.events
    : [{ type: 'created', from_status: null, to_status: order.status, created_at: order.created_at }];
  const title = (event: OrderEvent) => {
    switch (event.type) {
      case 'created':
        return t('order.placed');
      case 'status_changed':
        return t('order.historyEntry', {
          from: event.from_status ? t(`status.${event.from_status}`) : '—',
          to: event.to_status ? t(`status.${event.to_status}`) : '—',
        });
      case 'paid':
        return t('order.eventPaid');
      case 'payment_failed':
        return t('order.eventPaymentFailed');
    }
  };
  return (
    <Timeline active={entries.length - 1} bulletSize={14} lineWidth={2}>
      {entries.map((event, index) => (
        <Timeline.Item key={`${event.created_at}-${index}`} title={title(event)}>
          <Text size="sm">{formatDateTime(event.created_at)}</Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/**
 * The customer's phone as a `tel:` link, and a WhatsApp link to the same number (`https://wa.me/`
 * and its digits); the phone as written when it holds no digits.
 */
function PhoneLinks({ order }: { order: Order }) {
  const { t } = useTranslation();
  const phone = order.customer_phone;
  const digits = phone.replace(/\D/g, '');
  if (!digits) return <>{phone}</>;
  const dialled = `${phone.trim().startsWith('+') ? '+' : ''}${digits}`;
  return (
    <Group component="span" gap="xs" wrap="wrap">
      <Anchor href={`tel:${dialled}`} aria-label={t('order.call', { phone })}>
        {phone}
      </Anchor>
      <Anchor
        href={`https://wa.me/${digits}`}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('order.whatsapp', { name: order.customer_name })}
      >
        WhatsApp
      </Anchor>
    </Group>
  );
}

/** The branch the order is picked up at or delivered from: its name and, on the next line, its address. */
function Branch({ location }: { location: NonNullable<Order['location']> }) {
  return (
    <>
      {location.name}
      {location.address && (
        <Text component="span" size="sm" c="dimmed" display="block">
          {location.address}
        </Text>
      )}
    </>
  );
}

function Facts({ facts }: { facts: Array<[string, ReactNode]> }) {
  return (
    <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'minmax(6rem, max-content) 1fr', gap: '4px 12px' }}>
      {facts
        .filter(([, value]) => Boolean(value))
        .map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <Text component="dt" size="sm" fw={600}>
              {label}
            </Text>
            <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </div>
        ))}
    </dl>
  );
}

function Total({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 400} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}
