// The password reset calls: ask for a link, check a link's token, set the new password.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { ForgotPasswordInput, ResetPasswordInput } from '../../../api/contract/password-reset.ts'
import { api, cancelledBy, okJson } from '../../lib/api.ts'
import { sessionKeys } from '../../queries/session-queries.ts'

export const useForgotPassword = () =>
  useMutation({ mutationFn: (json: ForgotPasswordInput) => okJson(api['forgot-password'].$post({ json })) })

export const resetTokenQuery = (token: string) =>
  queryOptions({
    queryKey: ['reset-token', token],
    // hono/client puts a path parameter in as it is: the token from the link may hold anything.
    queryFn: ({ signal }) =>
      okJson(
        api['reset-password'][':token'].$get({ param: { token: encodeURIComponent(token) } }, cancelledBy(signal)),
      ),
    // A token's answer changes once it is used or expires: never serve it from memory.
    gcTime: 0,
  })

export function useResetPassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (json: ResetPasswordInput) => okJson(api['reset-password'].$post({ json })),
    // The reset signed the account out everywhere, this browser included if it was signed in as that account.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.user }),
  })
}
