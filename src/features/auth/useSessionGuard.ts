// When the server stops accepting the session (it expired, or the seller signed out elsewhere), go to sign-in
// instead of failing call after call. Drafts stay on the phone and sync once the seller is back; the sync engine
// re-checks the session when the server refuses it (src/main.tsx).
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { currentUserQuery } from '../../queries/session-queries.ts'

export function useSessionGuard(): boolean {
  const navigate = useNavigate()
  const { data: user } = useQuery(currentUserQuery)

  useEffect(() => {
    if (user === null) void navigate({ to: '/auth' })
  }, [user, navigate])

  return Boolean(user)
}
