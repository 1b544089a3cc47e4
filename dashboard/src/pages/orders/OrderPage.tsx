import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api, unwrap } from '../../api/client';
import { keys } from '../../api/query-keys';
import { PageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryError';
import { PageLoader } from '../../layout/Layout';

/** One order: its heading for now; items, totals, history and status changes follow. */
export default function OrderPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const order = useQuery({
    queryKey: keys.orders.detail(id),
    queryFn: () => unwrap(api.GET('/api/v1/orders/{order}', { params: { path: { order: id } } })),
    enabled: Number.isInteger(id) && id > 0,
  });
  if (order.isPending) return <PageLoader />;
  if (order.isError) return <QueryError error={order.error} />;
  return <PageTitle>{t('order.title', { number: `#${order.data.data.order_number}` })}</PageTitle>;
}
