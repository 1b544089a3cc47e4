import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';

/** One page of a cursor-paged list of the API (decisions §1): its rows and the cursor of the next page. */
export interface CursorPage<Row> {
  data: Row[];
  meta: { next_cursor: string | null };
}

/**
 * A list read page by page with the API's opaque cursor ("Load more"): `rows` is every page loaded
 * so far, in order; `loadMore` asks for the next one while there is one.
 */
export function useCursorList<Row>(queryKey: QueryKey, fetchPage: (cursor: string | undefined) => Promise<CursorPage<Row>>) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
  });
  return {
    ...query,
    rows: query.data?.pages.flatMap((page) => page.data) ?? [],
    loadMore: () => void query.fetchNextPage(),
  };
}
