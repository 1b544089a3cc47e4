import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import { keys } from '../api/query-keys';

/** The signed-in user's notifications, newest first, ten a page, paged by cursor ("Load more"). */
export function useNotificationList(key: readonly unknown[] = keys.notifications.list) {
  return useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => unwrap(api.GET('/api/v1/notifications', { params: { query: pageParam ? { cursor: pageParam } : {} } })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_cursor ?? null,
  });
}

/** "Mark all as read", and marking one read when it is opened; both refresh the list and the unread count. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.notifications.all });
  const all = useMutation({
    mutationFn: () => unwrap(api.PATCH('/api/v1/notifications/read-all')),
    onSettled: refresh,
  });
  const one = useMutation({
    mutationFn: (id: string) => unwrap(api.PATCH('/api/v1/notifications/{id}/read', { params: { path: { id } } })),
    onSettled: refresh,
  });
  return { all, one };
}
