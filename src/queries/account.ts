// The account screen's calls and email confirmation: each answers the updated user, or ends the session.
import { useMutation } from '@tanstack/react-query'
import type { AccountConfirmationInput, ChangeEmailInput, ChangePasswordInput, ResendVerificationInput, VerifyEmailInput } from '../../api/contract/account.ts'
import type { MessageReply } from '../../api/contract/password-reset.ts'
import type { User } from '../../api/contract/user.ts'
import { apiJson } from '../lib/api.ts'
import { notify } from '../lib/notify.tsx'
import { useSignedOut, useUpdatedUser } from './session.ts'

export const useChangePassword = () =>
  useMutation({ mutationFn: (input: ChangePasswordInput) => apiJson<MessageReply>('PUT', '/api/account/password', input) })

/** A call answering the updated user, which becomes the signed-in user. */
function useUserMutation<Input>(method: string, url: string) {
  const updated = useUpdatedUser()
  return useMutation({ mutationFn: (input: Input) => apiJson<User>(method, url, input), onSuccess: updated })
}

export const useChangeEmail = () => useUserMutation<ChangeEmailInput>('PUT', '/api/account/email')
export const useResendVerification = () => useUserMutation<ResendVerificationInput>('POST', '/api/account/verification-email')
export const useVerifyEmail = () => useUserMutation<VerifyEmailInput>('POST', '/api/account/verify-email')

/** A call that ends this session too: the app forgets the user and opens /auth with a toast saying what happened. */
function useEndingMutation(method: string, url: string, title: string, description: string, removeFromPhone: boolean) {
  const signedOut = useSignedOut()
  return useMutation({
    mutationFn: (input: AccountConfirmationInput) => apiJson<MessageReply>(method, url, input),
    onSuccess: async () => {
      await signedOut(removeFromPhone)
      notify(title, description, 'success')
    },
  })
}

export const useSignOutEverywhere = () =>
  useEndingMutation('POST', '/api/account/sign-out-everywhere', 'Signed out everywhere', 'Every device, this one included, was signed out.', false)

export const useDeleteAccount = () =>
  useEndingMutation('DELETE', '/api/account', 'Account deleted', 'Your account, listings and photos were deleted.', true)
