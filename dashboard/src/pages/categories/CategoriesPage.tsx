import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@client';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '../../api/client';
import { useCursorList } from '../../api/cursor-list';
import { ApiError } from '../../api/errors';
import { keys } from '../../api/query-keys';
import { CursorListView } from '../../components/CursorListView';
import { PageTitle } from '../../components/PageTitle';
import { ScrollTable } from '../../components/ScrollTable';
import { CategoryForm } from './CategoryForm';
import classes from '../lists.module.css';

type Category = components['schemas']['CategoryResource'];

/** Categories (dashboard.md): the shop's product groups; "New category", and each row's Rename and Delete (after a confirmation). */
export default function CategoriesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const list = useCursorList(keys.categories.list, (cursor) =>
    unwrap(api.GET('/api/v1/merchant/categories', { params: { query: cursor ? { cursor } : {} } })),
  );

  const remove = useMutation({
    mutationFn: (category: Category) => unwrap(api.DELETE('/api/v1/merchant/categories/{id}', { params: { path: { id: category.id } } })),
    onSuccess: async (_, category) => {
      setDeleting(null);
      // Its products lost their category: both lists are read again.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.categories.all }),
        queryClient.invalidateQueries({ queryKey: keys.products.all }),
      ]);
      notifications.show({ color: 'teal', message: t('categories.deleted', { name: category.name }) });
    },
    onError: (error) => setDeleteError(error instanceof ApiError ? error.message : t('common.error')),
  });

  return (
    <>
      <PageTitle actions={<Button onClick={() => setEditing('new')}>{t('categories.newCategory')}</Button>}>
        {t('categories.title')}
      </PageTitle>
      <CursorListView list={list} empty={t('categories.empty')} loadMore={t('categories.loadMore')}>
        <ScrollTable label={t('categories.table')} minWidth={320}>
          <Table aria-label={t('categories.table')} striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('categories.name')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('categories.products')}
                </Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>{t('categories.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.rows.map((category) => (
                <Table.Tr key={category.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{category.name}</Table.Td>
                  <Table.Td ta="right" className={classes.amount}>
                    {category.product_count}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="default"
                        onClick={() => setEditing(category)}
                        aria-label={t('categories.renameLabel', { name: category.name })}
                      >
                        {t('categories.rename')}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="default"
                        onClick={() => {
                          setDeleteError(null);
                          setDeleting(category);
                        }}
                        aria-label={t('categories.deleteLabel', { name: category.name })}
                      >
                        {t('categories.delete')}
                      </Button>
                    </Group>
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
        title={editing === 'new' || editing === null ? t('categories.newTitle') : t('categories.renameTitle', { name: editing.name })}
      >
        {editing !== null && <CategoryForm category={editing === 'new' ? null : editing} onSaved={() => setEditing(null)} />}
      </Modal>
      <Modal
        closeButtonProps={{ 'aria-label': t('common.close') }}
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={deleting ? t('categories.deleteTitle', { name: deleting.name }) : ''}
        centered
      >
        <Stack>
          <Text>{t('categories.deleteText')}</Text>
          {deleteError && (
            <Alert color="red" role="alert">
              {deleteError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('common.cancel')}
            </Button>
            <Button color="red.8" onClick={() => deleting && remove.mutate(deleting)} loading={remove.isPending}>
              {t('categories.deleteConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
