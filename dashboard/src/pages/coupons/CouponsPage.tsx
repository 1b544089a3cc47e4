import { useState } from 'react';
import { Button, Modal, Table, UnstyledButton } from '@mantine/core';
import type { components } from '@client';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '../../api/client';
import { useCursorList } from '../../api/cursor-list';
import { keys } from '../../api/query-keys';
import { useShop } from '../../api/shop';
import { PageTitle } from '../../components/PageTitle';
import { CursorListView } from '../../components/CursorListView';
import { ScrollTable } from '../../components/ScrollTable';
import { YesNoBadge } from '../../components/YesNoBadge';
import { formatDateTime } from '../../format/dates';
import { formatMoney } from '../../format/money';
import { CouponForm } from './CouponForm';
import classes from '../lists.module.css';

type Coupon = components['schemas']['CouponResource'];

/** Coupons (dashboard.md): the shop's coupons; "New coupon" and a coupon's code open its form. */
export default function CouponsPage() {
  const { t } = useTranslation();
  const currency = useShop().data?.currency;
  const [editing, setEditing] = useState<Coupon | 'new' | null>(null);
  const list = useCursorList(keys.coupons.list, (cursor) =>
    unwrap(api.GET('/api/v1/merchant/coupons', { params: { query: cursor ? { cursor } : {} } })),
  );

  const valueOf = (coupon: Coupon) =>
    coupon.coupon_type === 'percentage'
      ? t('coupons.percentOff', { value: coupon.value })
      : coupon.coupon_type === 'fixed'
        ? formatMoney(coupon.value, currency)
        : '—';
  const validityOf = (coupon: Coupon) =>
    [
      coupon.starts_at ? t('coupons.from', { date: formatDateTime(coupon.starts_at) }) : null,
      coupon.expires_at ? t('coupons.until', { date: formatDateTime(coupon.expires_at) }) : null,
    ]
      .filter(Boolean)
      .join(' ') || t('coupons.always');

  return (
    <>
      <PageTitle actions={<Button onClick={() => setEditing('new')}>{t('coupons.newCoupon')}</Button>}>{t('coupons.title')}</PageTitle>
      <CursorListView list={list} empty={t('coupons.empty')} loadMore={t('coupons.loadMore')}>
        <ScrollTable label={t('coupons.table')} minWidth={720}>
          <Table aria-label={t('coupons.table')} striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('coupons.code')}</Table.Th>
                <Table.Th scope="col">{t('coupons.type')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('coupons.value')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('coupons.minimumOrder')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('coupons.used')}
                </Table.Th>
                <Table.Th scope="col">{t('coupons.validity')}</Table.Th>
                <Table.Th scope="col">{t('coupons.active')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.rows.map((coupon) => (
                <Table.Tr key={coupon.id}>
                  <Table.Td>
                    <UnstyledButton
                      className={classes.rowLink}
                      onClick={() => setEditing(coupon)}
                      aria-label={t('coupons.edit', { code: coupon.code })}
                    >
                      {coupon.code}
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td>{t(`coupons.${coupon.coupon_type}`)}</Table.Td>
                  <Table.Td ta="right" className={classes.amount}>
                    {valueOf(coupon)}
                  </Table.Td>
                  <Table.Td ta="right" className={classes.amount}>
                    {coupon.min_spend === null ? '—' : formatMoney(coupon.min_spend, currency)}
                  </Table.Td>
                  <Table.Td ta="right" className={classes.amount}>
                    {coupon.usage_limit === null ? coupon.times_used : `${coupon.times_used} / ${coupon.usage_limit}`}
                  </Table.Td>
                  <Table.Td>{validityOf(coupon)}</Table.Td>
                  <Table.Td>
                    <YesNoBadge value={coupon.is_active} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </CursorListView>
      <Modal
        closeButtonProps={{ 'aria-label': t('common.close') }}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' || editing === null ? t('coupons.newTitle') : t('coupons.editTitle', { code: editing.code })}
        size="lg"
      >
        {editing !== null && <CouponForm coupon={editing === 'new' ? null : editing} onSaved={() => setEditing(null)} />}
      </Modal>
    </>
  );
}
