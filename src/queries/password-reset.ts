// The password reset calls: ask for a link, check a link's token, set the new password.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { ForgotPasswordInput, MessageReply, ResetPasswordInput } from '../../api/contract/password-reset.ts'
import { apiJson, getJson } from '../lib/api.ts'
import { sessionKeys } from './session.ts'

export const useForgotPassword = () =>
  useMutation({ mutationFn: (input: ForgotPasswordInput) => apiJson<MessageReply>('POST', '/api/forgot-password', input) })

export const resetTokenQuery = (token: string) =>
  queryOptions({
    queryKey: ['reset-token', token],
    queryFn: ({ signal }) => getJson<MessageReply>(`/api/reset-password/${encodeURIComponent(token)}`, { signal }),
    // A token's answer changes once it is used or expires: never serve it from memory.
    gcTime: 0,
  })

export function useResetPassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => apiJson<MessageReply>('POST', '/api/reset-password', input),
    // The reset signed the account out everywhere, this browser included if it was signed in as that account.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.user }),
  })
}
