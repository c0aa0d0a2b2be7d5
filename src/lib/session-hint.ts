// Whether this browser may have a session worth asking the server about (api/contract/session-hint.ts). A visitor who
// never signed in here is known to be signed out without a request, so the public screens open without a 401.
import { SIGNED_IN_HINT_COOKIE } from '../../api/contract/session-hint.ts'
import { lastUser } from './last-user.ts'

export function maybeSignedIn(): boolean {
  const hinted = document.cookie.split(';').some((cookie) => cookie.trim().startsWith(`${SIGNED_IN_HINT_COOKIE}=`))
  // Someone remembered on this phone (offline start, or a session from before the hint) is asked about too.
  return hinted || lastUser() !== null
}
