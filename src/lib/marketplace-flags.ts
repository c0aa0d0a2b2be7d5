// The browser-stored marks of a marketplace authorization in progress (SPEC §3: etsyAuthInProgress and
// etsyAuthTimestamp, one pair per marketplace). They let the Dashboard notice a seller coming back from the
// marketplace without passing through the callback screen; after 5 minutes (SPEC §9) a mark is stale and discarded.
import type { Platform } from '../../api/contract/marketplaces.ts'

const AUTH_FLAG_MAX_AGE_MS = 300_000

const keys = (platform: Platform) => ({ inProgress: `${platform}AuthInProgress`, timestamp: `${platform}AuthTimestamp` })

// Storage can be full or disabled (private mode): the marks are a convenience, so failing to keep them is not an error.
function quietly<T>(work: () => T, fallback: T): T {
  try {
    return work()
  } catch {
    return fallback
  }
}

export function markAuthStarted(platform: Platform, now = Date.now()) {
  const { inProgress, timestamp } = keys(platform)
  quietly(() => {
    localStorage.setItem(inProgress, 'true')
    localStorage.setItem(timestamp, String(now))
  }, undefined)
}

export function clearAuthFlags(platform: Platform) {
  const { inProgress, timestamp } = keys(platform)
  quietly(() => {
    localStorage.removeItem(inProgress)
    localStorage.removeItem(timestamp)
  }, undefined)
}

/** Whether an authorization started here less than 5 minutes ago; an older mark is removed. */
export function authInProgress(platform: Platform, now = Date.now()): boolean {
  const { inProgress, timestamp } = keys(platform)
  const [flag, started] = quietly(() => [localStorage.getItem(inProgress), Number(localStorage.getItem(timestamp))], [null, 0])
  if (flag !== 'true') return false
  if (now - started < AUTH_FLAG_MAX_AGE_MS) return true
  clearAuthFlags(platform)
  return false
}
