import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { User } from '../../api/contract/user.ts'
import { currentUserQuery } from '../queries/session-queries.ts'

/**
 * The signed-in user; only for screens behind the protected layout, which has loaded it already. While signing out,
 * the user is forgotten a moment before the router leaves the screen: until it does, the screen keeps the user it was
 * drawn for rather than failing in its last render (an error in the console at every logout, now and then).
 */
export function useCurrentUser(): User {
  const { data } = useQuery(currentUserQuery)
  const [drawnFor, setDrawnFor] = useState(data)
  // The user last seen, kept as React keeps a value derived from a prop (updated during render, no extra pass).
  if (data && data !== drawnFor) setDrawnFor(data)
  const user = data ?? drawnFor
  if (!user) throw new Error('useCurrentUser is only for signed-in screens')
  return user
}
