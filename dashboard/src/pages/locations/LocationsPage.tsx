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
import { formatMoney } from '../../format/money';
import { LocationForm } from './LocationForm';
import classes from '../lists.module.css';

type Location = components['schemas']['LocationResource'];

/** Locations (dashboard.md): the shop's branches; "New location" and a location's name open its form. */
export default function LocationsPage() {
  const { t } = useTranslation();
  const currency = useShop().data?.currency;
  const [editing, setEditing] = useState<Location | 'new' | null>(null);
  const list = useCursorList(keys.locations.list, (cursor) =>
    unwrap(api.GET('/api/v1/merchant/locations', { params: { query: cursor ? { cursor } : {} } })),
  );

  return (
    <>
      <PageTitle actions={<Button onClick={() => setEditing('new')}>{t('locations.newLocation')}</Button>}>
        {t('locations.title')}
      </PageTitle>
      <CursorListView list={list} empty={t('locations.empty')} loadMore={t('locations.loadMore')}>
        <ScrollTable label={t('locations.table')} minWidth={560}>
          <Table aria-label={t('locations.table')} striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('locations.name')}</Table.Th>
                <Table.Th scope="col">{t('locations.address')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('locations.deliveryFee')}
                </Table.Th>
                <Table.Th scope="col">{t('locations.primary')}</Table.Th>
                <Table.Th scope="col">{t('locations.active')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.rows.map((location) => (
                <Table.Tr key={location.id}>
                  <Table.Td>
                    <UnstyledButton
                      className={classes.rowLink}
                      onClick={() => setEditing(location)}
                      aria-label={t('locations.edit', { name: location.name })}
                    >
                      {location.name}
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td>{location.address ?? '—'}</Table.Td>
                  <Table.Td ta="right" className={classes.amount}>
                    {formatMoney(location.delivery_fee, currency)}
                  </Table.Td>
                  <Table.Td>
                    <YesNoBadge value={location.is_primary} />
                  </Table.Td>
                  <Table.Td>
                    <YesNoBadge value={location.is_active} />
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
        title={editing === 'new' || editing === null ? t('locations.newTitle') : t('locations.editTitle', { name: editing.name })}
      >
        {editing !== null && <LocationForm location={editing === 'new' ? null : editing} onSaved={() => setEditing(null)} />}
      </Modal>
    </>
  );
}
