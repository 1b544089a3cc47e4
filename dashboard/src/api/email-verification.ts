import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from './client';
import { ApiError } from './errors';
import { keys } from './query-keys';
import { tokenReplaced } from './session';

/** Sends a one-time code to the signed-in user's email (`POST /api/v1/otp/generate`): its session id. */
export function useSendEmailCode() {
  return useMutation({
    mutationFn: async (email: string) => (await unwrap(api.POST('/api/v1/otp/generate', { body: { identifier: email } }))).uuid,
  });
}

/**
 * Checks the code (`POST /api/v1/otp/verify`). The right code proves the email, which revokes the
 * account's earlier tokens: the answer's token replaces the dashboard's, then the user is read again
 * (`email_verified` turns true and the AI buttons work).
 */
export function useVerifyEmailCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ uuid, code }: { uuid: string; code: string }) => {
      const verified = await unwrap(api.POST('/api/v1/otp/verify', { body: { uuid, otp_code: code } }));
      if (verified.requires_registration) throw new ApiError(422, verified.message);
      return verified.token;
    },
    onSuccess: async (token) => {
      tokenReplaced(token);
      await queryClient.invalidateQueries({ queryKey: keys.me });
    },
  });
}
