import { Anchor, Button, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api, unwrap } from '../../api/client';
import { useCursorList } from '../../api/cursor-list';
import { keys } from '../../api/query-keys';
import { useShop } from '../../api/shop';
import { PageTitle } from '../../components/PageTitle';
import { CursorListView } from '../../components/CursorListView';
import { ScrollTable } from '../../components/ScrollTable';
import { YesNoBadge } from '../../components/YesNoBadge';
import { formatMoney } from '../../format/money';
import classes from '../lists.module.css';

/** Products (dashboard.md): the shop's products, newest first, each name a link to its form. */
export default function ProductsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const currency = useShop().data?.currency;
  const list = useCursorList(keys.products.list, (cursor) =>
    unwrap(api.GET('/api/v1/merchant/products', { params: { query: cursor ? { cursor } : {} } })),
  );

  return (
    <>
      <PageTitle
        actions={
          // A button, as dashboard.md names it; it opens the empty form.
          <Button onClick={() => void navigate('/products/new')}>{t('products.newProduct')}</Button>
        }
      >
        {t('products.title')}
      </PageTitle>
      <CursorListView list={list} empty={t('products.empty')} loadMore={t('products.loadMore')}>
        <ScrollTable label={t('products.table')} minWidth={420}>
          <Table aria-label={t('products.table')} striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('products.name')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('products.price')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('products.stock')}
                </Table.Th>
                <Table.Th scope="col">{t('products.active')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.rows.map((product) => (
                <Table.Tr key={product.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/products/${product.id}`}>
                      {product.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right" className={classes.amount}>
                    {formatMoney(product.price, currency)}
                  </Table.Td>
                  <Table.Td ta="right" className={classes.amount}>
                    {product.stock ?? t('products.notTracked')}
                  </Table.Td>
                  <Table.Td>
                    <YesNoBadge value={product.is_active} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </CursorListView>
    </>
  );
}
