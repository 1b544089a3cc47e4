import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './errors';

/**
 * Server state lives in TanStack Query's cache. A refusal (4xx) is not retried: asking again gets
 * the same answer. An unreachable server (network error, 503) is, with backoff; the layout's banner
 * says so meanwhile and retries the failed queries once the server answers again.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      refetchOnWindowFocus: true,
      retry: (failures, error) => failures < 3 && (!(error instanceof ApiError) || error.unreachable),
    },
    mutations: { retry: false },
  },
});
