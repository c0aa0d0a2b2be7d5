// The signed-in user: the query every protected screen reads, and the sign-in, registration and sign-out mutations.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import type { LoginInput, RegisterInput, User } from '../../api/contract/user.ts'
import { ApiError, apiJson, apiRequest, errorMessage, getJson } from '../lib/api.ts'
import { lastUser, rememberUser } from '../lib/last-user.ts'
import { notify } from '../lib/notify.tsx'
import { syncScheduler } from '../lib/sync.ts'

export const sessionKeys = { user: ['user'] as const }

async function fetchCurrentUser(signal: AbortSignal): Promise<User | null> {
  try {
    const user = await getJson<User>('/api/user', { on401: 'null', signal })
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

function useSignedIn() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return async (user: User) => {
    rememberUser(user)
    queryClient.setQueryData(sessionKeys.user, user)
    // Drafts paused for want of a session go out now.
    syncScheduler.kick()
    await navigate({ to: '/' })
  }
}

export function useLogin() {
  const signedIn = useSignedIn()
  return useMutation({
    mutationFn: (credentials: LoginInput) => apiJson<User>('POST', '/api/login', credentials),
    onSuccess: signedIn,
    onError: (error) => notify('Login failed', errorMessage(error), 'error'),
  })
}

export function useRegister() {
  const signedIn = useSignedIn()
  return useMutation({
    mutationFn: (details: RegisterInput) => apiJson<User>('POST', '/api/register', details),
    onSuccess: signedIn,
    onError: (error) => notify('Registration failed', errorMessage(error), 'error'),
  })
}

export function useLogout() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/logout'),
    onSuccess: async () => {
      // Nothing of the previous user may stay in memory for the next one.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.user[0] })
      rememberUser(null)
      queryClient.setQueryData(sessionKeys.user, null)
      await navigate({ to: '/auth' })
      notify('Logged out successfully', 'You have been logged out of your account.', 'success')
    },
    onError: () => notify('Logout failed', 'There was an error logging out. Please try again.', 'error'),
  })
}
