import { useQuery } from '@tanstack/react-query'
import type { User } from '../../api/contract/user.ts'
import { currentUserQuery } from '../queries/session-queries.ts'

/** The signed-in user; only for screens behind the protected layout, which has loaded it already. */
export function useCurrentUser(): User {
  const { data } = useQuery(currentUserQuery)
  if (!data) throw new Error('useCurrentUser is only for signed-in screens')
  return data
}
