// The signed-in user: the query every protected screen reads, who is found signed in, and signing out (what the phone
// forgets then). Signing in and registering are the auth feature's (src/features/auth/sign-in-queries.ts).
import { QueryObserver, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import type { User } from '../../api/contract/user.ts'
import { api, ApiError, cancelledBy, okJson, okJsonOrSignedOut } from '../lib/api.ts'
import { lastUser, rememberUser } from '../lib/last-user.ts'
import { maybeSignedIn } from '../lib/session-hint.ts'
import { notify } from '../lib/notify.tsx'
import { forgetLastSeen } from '../lib/last-seen-store.ts'
import { forgetThumbnails } from '../offline/thumbnail-cache.ts'
import { announceSigningOut, signingOutOver } from '../lib/signing-out.ts'

export const sessionKeys = { user: ['user'] as const }

async function fetchCurrentUser(signal: AbortSignal): Promise<User | null> {
  // A browser never signed in here is signed out without asking (no 401 to log); the server decides every other case.
  if (!maybeSignedIn()) return null
  try {
    const user = await okJsonOrSignedOut(api.user.$get(undefined, cancelledBy(signal)))
    // The server no longer knows the session (it expired, or ended elsewhere): what it showed offline goes with it.
    if (!user) await forgetPhoneUser()
    rememberUser(user)
    return user
  } catch (error) {
    // No network (not a refusal from the server): open as whoever was signed in on this device last.
    if (!(error instanceof ApiError) && !signal.aborted) return lastUser()
    throw error
  }
}

export const currentUserQuery = queryOptions({
  queryKey: sessionKeys.user,
  queryFn: ({ signal }) => fetchCurrentUser(signal),
})

/** Calls `run` each time someone is found signed in or signs in (offline: the last user on this device counts). */
export function whenSignedIn(queryClient: QueryClient, run: (user: User) => void) {
  let last: User | null | undefined
  return new QueryObserver(queryClient, { ...currentUserQuery, enabled: false }).subscribe(({ data }) => {
    if (data && data !== last) run(data)
    last = data
  })
}

export interface LogoutInput {
  userId: number
  /** Also delete the account's drafts that have not reached the server (the seller chose to, on a shared phone). */
  removeFromPhone: boolean
}

/** The offline store after logout: nobody signed in there any more, and the account's drafts kept or removed. */
async function leavePhone({ userId, removeFromPhone }: LogoutInput) {
  try {
    await (await import('../lib/outbox.ts')).leavePhone(userId, removeFromPhone)
  } catch (error) {
    // The session has ended either way, and the drafts left are this account's only: logging out goes on.
    console.error('Could not tidy the drafts on this phone after logout', error)
  }
}

/**
 * The phone forgets the seller whose session ended: the thumbnails the service worker kept, what the Dashboard last
 * saw (for its offline start), the drafts already on the server and who was signed in. Drafts not yet synced stay for the account's next sign-in here (docs/product.md).
 */
async function forgetPhoneUser(leaving?: LogoutInput) {
  const last = lastUser()
  const previous = leaving ?? (last ? { userId: last.id, removeFromPhone: false } : undefined)
  if (previous) forgetLastSeen(previous.userId)
  await Promise.all([
    forgetThumbnails().catch((error: unknown) => console.error('Could not clear the thumbnails on this phone', error)),
    previous && leavePhone(previous),
  ])
}

/** Stores the user the server answered with (after a change to the account) as the signed-in user. */
export function useUpdatedUser() {
  const queryClient = useQueryClient()
  return (user: User) => {
    rememberUser(user)
    queryClient.setQueryData(sessionKeys.user, user)
  }
}

/**
 * Forgets whoever was signed in, once the server has ended the session, and opens /auth. The account's drafts on this
 * phone stay for its next sign-in unless removeFromPhone (the seller chose so, or the account is gone).
 */
export function useSignedOut() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return async (removeFromPhone = false) => {
    const user = queryClient.getQueryData<User | null>(sessionKeys.user)
    await forgetPhoneUser(user ? { userId: user.id, removeFromPhone } : undefined)
    // Nothing of the previous user may stay in memory for the next one.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.user[0] })
    rememberUser(null)
    queryClient.setQueryData(sessionKeys.user, null)
    await navigate({ to: '/auth' })
  }
}

export function useLogout() {
  const signedOut = useSignedOut()
  return useMutation({
    mutationFn: (_input: LogoutInput) => {
      announceSigningOut()
      return okJson(api.logout.$post())
    },
    onSuccess: async (_reply, input) => {
      await signedOut(input.removeFromPhone)
      notify('Logged out successfully', 'You have been logged out of your account.', 'success')
    },
    onError: () => notify('Logout failed', 'There was an error logging out. Please try again.', 'error'),
    onSettled: signingOutOver,
  })
}
