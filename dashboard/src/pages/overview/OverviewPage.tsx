import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { Anchor, Button, Group, Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, unwrap } from '../../api/client';
import { keys } from '../../api/query-keys';
import { PageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryError';
import { formatDay, formatShortDay, timeZone } from '../../format/dates';
import { formatMoney } from '../../format/money';
import { PageLoader } from '../../layout/Layout';
import classes from './overview.module.css';
import { SalesBars } from './SalesBars';

/**
 * Overview (dashboard.md): today's figures, the sales of the last 30 days as a chart (with the
 * same numbers as a table for those who cannot see it), and the five best-selling products. Days
 * are the browser's time zone's (`tz`); a new order refreshes it (the realtime hook).
 */
export default function OverviewPage() {
  const { t } = useTranslation();
  const zone = timeZone();
  const overview = useQuery({
    queryKey: keys.overview.inZone(zone),
    queryFn: () => unwrap(api.GET('/api/v1/merchant/overview', { params: { query: { tz: zone } } })),
  });

  if (overview.isPending)
    return (
      <>
        <PageTitle>{t('overview.title')}</PageTitle>
        <PageLoader />
      </>
    );
  if (overview.isError)
    return (
      <>
        <PageTitle>{t('overview.title')}</PageTitle>
        <QueryError error={overview.error} />
      </>
    );

  const { currency, today, pending_orders, daily, top_products } = overview.data.data;
  return (
    <>
      <PageTitle>{t('overview.title')}</PageTitle>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" mb="lg">
        <Figure label={t('overview.ordersToday')} value={today.orders.toLocaleString()} />
        <Figure label={t('overview.salesToday')} value={formatMoney(today.sales, currency)} />
        <Figure
          label={t('overview.pendingOrders')}
          value={pending_orders.toLocaleString()}
          link={
            pending_orders > 0 ? (
              <Anchor component={Link} to="/orders?status=pending" size="sm">
                {t('overview.pendingLink')}
              </Anchor>
            ) : null
          }
        />
      </SimpleGrid>
      <SalesChart daily={daily} currency={currency} zone={zone} />
      <Paper withBorder p="md" radius="md" mt="lg" component="section" aria-labelledby="top-products">
        <Title order={2} size="h4" id="top-products">
          {t('overview.topProducts')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('overview.topProductsHint')}
        </Text>
        {top_products.length === 0 ? (
          <Text>{t('overview.noSalesYet')}</Text>
        ) : (
          <Table aria-labelledby="top-products" striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('overview.product')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('overview.quantity')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('overview.sales')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {top_products.map((product) => (
                <Table.Tr key={product.product_id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/products/${product.product_id}`}>
                      {product.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">{product.quantity.toLocaleString()}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(product.sales, currency)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </>
  );
}

/** One of today's figures: a group named by its label, so "Orders today" reads with its number. */
function Figure({ label, value, link }: { label: string; value: string; link?: ReactNode }) {
  const id = useId();
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-labelledby={id}>
      <Text size="sm" c="dimmed" id={id}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.3} className={classes.figure}>
        {value}
      </Text>
      {link}
    </Paper>
  );
}

interface Day {
  date: string;
  orders: number;
  sales: number;
}

/**
 * "Sales, last 30 days": a bar chart (a figure named by its caption; the drawing itself is an
 * image described by a summary) and the same days as a table, shown on request.
 */
function SalesChart({ daily, currency, zone }: { daily: Day[]; currency: string; zone: string }) {
  const { t } = useTranslation();
  const [tableShown, setTableShown] = useState(false);
  const captionId = useId();
  const tableId = useId();
  const totalOrders = daily.reduce((sum, day) => sum + day.orders, 0);
  const totalSales = daily.reduce((sum, day) => sum + day.sales, 0);
  const summary = t('overview.chartHint', { zone, orders: totalOrders.toLocaleString(), sales: formatMoney(totalSales, currency) });
  const bars = useMemo(() => daily.map((day) => ({ label: formatShortDay(day.date), value: day.sales })), [daily]);
  const formatSales = useCallback((value: number) => formatMoney(value, currency), [currency]);

  return (
    <Paper withBorder p="md" radius="md" component="figure" aria-labelledby={captionId} className={classes.chartFigure}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <div>
          <Title order={2} size="h4" id={captionId} component="figcaption">
            {t('overview.chart')}
          </Title>
          <Text size="sm" c="dimmed">
            {summary}
          </Text>
        </div>
        <Button
          variant="default"
          size="compact-sm"
          aria-expanded={tableShown}
          aria-controls={tableId}
          onClick={() => setTableShown((shown) => !shown)}
        >
          {tableShown ? t('overview.hideTable') : t('overview.showTable')}
        </Button>
      </Group>
      <div role="img" aria-label={`${t('overview.chart')}. ${summary}`} className={classes.chart}>
        <SalesBars bars={bars} format={formatSales} label={t('overview.sales')} />
      </div>
      <div id={tableId} hidden={!tableShown}>
        {tableShown && (
          <Table.ScrollContainer minWidth={300} mt="md">
            <Table aria-label={t('overview.chart')} striped verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('overview.date')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('overview.orders')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('overview.sales')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {daily.map((day) => (
                  <Table.Tr key={day.date}>
                    <Table.Th scope="row" fw={400}>
                      {formatDay(day.date)}
                    </Table.Th>
                    <Table.Td ta="right">{day.orders.toLocaleString()}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(day.sales, currency)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </div>
    </Paper>
  );
}
