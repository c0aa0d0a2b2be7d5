// When the server stops accepting the session (it expired, or the seller signed out elsewhere), go to sign-in
// instead of failing call after call. Drafts stay on the phone and sync once the seller is back.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { currentUserQuery, sessionKeys } from '../queries/session.ts'
import { useSyncStatus } from './useDrafts.ts'

export function useSessionGuard(): boolean {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { data: user } = useQuery(currentUserQuery)
  const syncStatus = useSyncStatus()

  useEffect(() => {
    if (syncStatus === 'signed-out') void queryClient.invalidateQueries({ queryKey: sessionKeys.user })
  }, [syncStatus, queryClient])

  useEffect(() => {
    if (user === null) void navigate({ to: '/auth' })
  }, [user, navigate])

  return Boolean(user)
}
