import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from './client';
import { keys } from './query-keys';
import { useToken } from './session';

/** The signed-in user (`GET /api/v1/user`): name, shop, role, super admin or not. */
export function useMe() {
  const token = useToken();
  return useQuery({
    queryKey: keys.me,
    queryFn: () => unwrap(api.GET('/api/v1/user')),
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });
}

/** The unread notifications of the signed-in user; realtime events refresh it, and so does a slow poll. */
export function useUnreadCount() {
  const token = useToken();
  return useQuery({
    queryKey: keys.notifications.count,
    queryFn: () => unwrap(api.GET('/api/v1/notifications/count')),
    enabled: token !== null,
    refetchInterval: 60_000,
  });
}

/**
 * The signed-in user's email while it is not verified (the AI features need it verified), else
 * null; null too while the user is being read.
 */
export function useEmailToVerify(): string | null {
  const me = useMe();
  return me.data && !me.data.email_verified ? me.data.email : null;
}
