// Signing in (password or Google) and registering, and the server's sign-in options (whether to offer Sign in with
// Google). The signed-in user and signing out are shared (src/queries/session-queries.ts).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import type { AuthConfig, GoogleSignInInput } from '../../../api/contract/google-sign-in.ts'
import type { LoginInput, RegisterInput, User } from '../../../api/contract/user.ts'
import { api, cancelledBy, errorMessage, okJson } from '../../lib/api.ts'
import { rememberUser } from '../../lib/last-user.ts'
import { notify } from '../../lib/notify.tsx'
import { takePageSettings } from '../../lib/page-settings.ts'
import { sessionKeys } from '../../queries/session-queries.ts'

export const authConfigQuery = queryOptions({
  queryKey: ['auth-config'],
  // /auth's starter read them already (to know whether the app must start at once): its answer, else the server's.
  queryFn: async ({ signal }): Promise<AuthConfig> =>
    ((await takePageSettings()) as AuthConfig | undefined) ??
    okJson(api.auth.config.$get(undefined, cancelledBy(signal))),
})

function useSignedIn() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return async (user: User) => {
    rememberUser(user)
    queryClient.setQueryData(sessionKeys.user, user)
    await navigate({ to: '/' })
  }
}

/** A request that starts a session: on success the app opens signed in; on failure a toast gives the server's reason. */
function useSessionMutation<Input>(call: (input: Input) => Promise<User>, failureTitle: string) {
  const signedIn = useSignedIn()
  return useMutation({
    mutationFn: call,
    onSuccess: signedIn,
    onError: (error) => notify(failureTitle, errorMessage(error), 'error'),
  })
}

export const useLogin = () =>
  useSessionMutation((json: LoginInput) => okJson(api.login.$post({ json })), 'Login failed')

/** Sends the ID token Google's button produced; the server signs in, links or creates the account. */
export const useGoogleSignIn = () =>
  useSessionMutation((json: GoogleSignInInput) => okJson(api.auth.google.$post({ json })), 'Login failed')

export const useRegister = () =>
  useSessionMutation((json: RegisterInput) => okJson(api.register.$post({ json })), 'Registration failed')
