// Remembers who was signed in on this device, so the app can open with no network. Only for display: the server
// still checks the session cookie on every request.
import { LAST_USER_KEY } from '../../api/contract/session-hint.ts'
import type { User } from '../../api/contract/user.ts'

export function rememberUser(user: User | null) {
  try {
    if (user) localStorage.setItem(LAST_USER_KEY, JSON.stringify(user))
    else localStorage.removeItem(LAST_USER_KEY)
  } catch {
    // Storage can be full or disabled (private mode); the app then simply needs the network to open.
  }
}

export function lastUser(): User | null {
  try {
    const saved = localStorage.getItem(LAST_USER_KEY)
    return saved ? (JSON.parse(saved) as User) : null
  } catch {
    return null
  }
}
