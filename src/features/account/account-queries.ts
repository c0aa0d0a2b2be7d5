// The account screen's calls and email confirmation: each answers the updated user, or ends the session.
import { useMutation } from '@tanstack/react-query'
import type {
  AccountConfirmationInput,
  ChangeEmailInput,
  ChangePasswordInput,
  ResendVerificationInput,
  VerifyEmailInput,
} from '../../../api/contract/account.ts'
import type { User } from '../../../api/contract/user.ts'
import { api, okJson } from '../../lib/api.ts'
import { notify } from '../../lib/notify.tsx'
import { withReauth } from '../../lib/reauth.ts'
import { useSignedOut, useUpdatedUser } from '../../queries/session-queries.ts'

export const useChangePassword = () =>
  useMutation({ mutationFn: (json: ChangePasswordInput) => okJson(api.account.password.$put({ json })) })

/** A call answering the updated user, which becomes the signed-in user. */
function useUserMutation<Input>(call: (input: Input) => Promise<User>) {
  const updated = useUpdatedUser()
  return useMutation({ mutationFn: call, onSuccess: updated })
}

export const useChangeEmail = () =>
  useUserMutation((json: ChangeEmailInput) => okJson(api.account.email.$put({ json })))
export const useResendVerification = () =>
  useUserMutation((json: ResendVerificationInput) => okJson(api.account['verification-email'].$post({ json })))
export const useVerifyEmail = () =>
  useUserMutation((json: VerifyEmailInput) => okJson(api.account['verify-email'].$post({ json })))

/** A call that ends this session too: the app forgets the user and opens /auth with a toast saying what happened. */
function useEndingMutation(
  call: (input: AccountConfirmationInput) => Promise<unknown>,
  title: string,
  description: string,
  removeFromPhone: boolean,
) {
  const signedOut = useSignedOut()
  return useMutation({
    // An account without a password confirms with its username, which needs a recent sign-in (docs/decisions/0026).
    mutationFn: (input: AccountConfirmationInput) => withReauth(() => call(input)),
    onSuccess: async () => {
      await signedOut(removeFromPhone)
      notify(title, description, 'success')
    },
  })
}

export const useSignOutEverywhere = () =>
  useEndingMutation(
    (json) => okJson(api.account['sign-out-everywhere'].$post({ json })),
    'Signed out everywhere',
    'Every device, this one included, was signed out.',
    false,
  )

export const useDeleteAccount = () =>
  useEndingMutation(
    (json) => okJson(api.account.$delete({ json })),
    'Account deleted',
    'Your account, listings and photos were deleted.',
    true,
  )
