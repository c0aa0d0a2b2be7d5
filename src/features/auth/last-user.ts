// Remembers who was signed in on this device, so the app can open with no network. Only for display: the server
// still checks the session cookie on every request.
import type { User } from '../../../api/contract/user.ts'

const KEY = 'snaplist:last-user'

export function rememberUser(user: User | null) {
  try {
    if (user) localStorage.setItem(KEY, JSON.stringify(user))
    else localStorage.removeItem(KEY)
  } catch {
    // Storage can be full or disabled (private mode); the app then simply needs the network to open.
  }
}

export function lastUser(): User | null {
  try {
    const saved = localStorage.getItem(KEY)
    return saved ? (JSON.parse(saved) as User) : null
  } catch {
    return null
  }
}
