import type { ReactNode } from 'react';
import { Button, Center, Text } from '@mantine/core';
import type { useCursorList } from '../api/cursor-list';
import { PageLoader } from '../layout/Layout';
import { QueryError } from './QueryError';

/**
 * A cursor-paged list's states in one place: loading, the error, the empty text, or the rows
 * (`children`, drawn once rows are there) followed by "Load more" while there is a next page.
 */
export function CursorListView({
  list,
  empty,
  loadMore,
  children,
}: {
  list: Pick<
    ReturnType<typeof useCursorList>,
    'isPending' | 'isError' | 'error' | 'rows' | 'hasNextPage' | 'isFetchingNextPage' | 'loadMore'
  >;
  empty: string;
  loadMore: string;
  children: ReactNode;
}) {
  if (list.isPending) return <PageLoader />;
  if (list.isError) return <QueryError error={list.error} />;
  if (list.rows.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <>
      {children}
      {list.hasNextPage && (
        <Center mt="md">
          <Button variant="default" onClick={list.loadMore} loading={list.isFetchingNextPage}>
            {loadMore}
          </Button>
        </Center>
      )}
    </>
  );
}
