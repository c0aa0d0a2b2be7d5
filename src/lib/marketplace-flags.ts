// The browser-stored marks of a marketplace authorization in progress (docs/product.md §3: <platform>AuthInProgress and
// <platform>AuthTimestamp, one pair per marketplace). They let the Dashboard notice a seller coming back from the
// marketplace without passing through the callback screen; after 5 minutes (docs/product.md §9) a mark is stale and discarded.
import type { Platform } from '../../api/contract/marketplaces.ts'

const AUTH_FLAG_MAX_AGE_MS = 300_000

const keys = (platform: Platform) => ({
  inProgress: `${platform}AuthInProgress`,
  timestamp: `${platform}AuthTimestamp`,
})

// A marketplace's callback may also keep what it got back (§3: <platform>AuthSuccess, <platform>PendingCode…), so a
// reload or a second tab of the callback can recover the code, or know the connection already succeeded; they share
// its timestamp and its 5 minutes. The code is kept with its state, as the server exchanges it only with the state it
// was issued for. A marketplace whose callback keeps none has none of these keys to remove.
const callbackKeys = (platform: Platform) => ({
  success: `${platform}AuthSuccess`,
  pendingCode: `${platform}PendingCode`,
  pendingState: `${platform}PendingState`,
  failed: `${platform}AuthFailed`,
  error: `${platform}AuthError`,
})

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
    // A new attempt: an earlier success no longer speaks for it.
    localStorage.removeItem(callbackKeys(platform).success)
  }, undefined)
}

/**
 * The authorization is no longer in progress. A callback's success mark outlives it, with the timestamp it is dated
 * by, so returning to the callback within 5 minutes says 'Already Connected'.
 */
export function clearAuthFlags(platform: Platform) {
  const { inProgress, timestamp } = keys(platform)
  const kept = callbackKeys(platform)
  quietly(() => {
    const keepTimestamp = localStorage.getItem(kept.success) === 'true'
    const gone = [inProgress, ...(keepTimestamp ? [] : [timestamp]), kept.pendingCode, kept.pendingState, kept.failed]
    for (const key of [...gone, kept.error]) localStorage.removeItem(key)
  }, undefined)
}

/** Forgets every mark of the attempt, the callback's success included (the seller declined). */
export function forgetAttempt(platform: Platform) {
  quietly(() => localStorage.removeItem(callbackKeys(platform).success), undefined)
  clearAuthFlags(platform)
}

export interface CallbackMarks {
  success: boolean
  pendingCode: string | null
  pendingState: string | null
  failed: boolean
  error: string | null
}

/** Records the callback's outcome so far: a success with the code (and its state) still to exchange, or a failure. */
export function rememberCallback(
  platform: Platform,
  marks: { pendingCode: string; pendingState: string } | { error: string },
  now = Date.now(),
) {
  const kept = callbackKeys(platform)
  quietly(() => {
    localStorage.setItem(keys(platform).timestamp, String(now))
    if ('pendingCode' in marks) {
      localStorage.setItem(kept.success, 'true')
      localStorage.setItem(kept.pendingCode, marks.pendingCode)
      localStorage.setItem(kept.pendingState, marks.pendingState)
      localStorage.removeItem(kept.failed)
      localStorage.removeItem(kept.error)
    } else {
      localStorage.setItem(kept.failed, 'true')
      localStorage.setItem(kept.error, marks.error)
      localStorage.removeItem(kept.pendingCode)
      localStorage.removeItem(kept.pendingState)
      localStorage.removeItem(kept.success)
    }
  }, undefined)
}

/** The callback's marks when younger than 5 minutes; older ones are removed and read as none. */
export function readCallback(platform: Platform, now = Date.now()): CallbackMarks {
  const none: CallbackMarks = { success: false, pendingCode: null, pendingState: null, failed: false, error: null }
  const kept = callbackKeys(platform)
  const read = quietly(
    () => ({
      started: Number(localStorage.getItem(keys(platform).timestamp)),
      marks: {
        success: localStorage.getItem(kept.success) === 'true',
        pendingCode: localStorage.getItem(kept.pendingCode),
        pendingState: localStorage.getItem(kept.pendingState),
        failed: localStorage.getItem(kept.failed) === 'true',
        error: localStorage.getItem(kept.error),
      },
    }),
    { started: 0, marks: none },
  )
  if (now - read.started < AUTH_FLAG_MAX_AGE_MS) return read.marks
  forgetAttempt(platform)
  return none
}

/** Whether an authorization started here less than 5 minutes ago; an older mark is removed. */
export function authInProgress(platform: Platform, now = Date.now()): boolean {
  const { inProgress, timestamp } = keys(platform)
  const [flag, started] = quietly(
    () => [localStorage.getItem(inProgress), Number(localStorage.getItem(timestamp))],
    [null, 0],
  )
  if (flag !== 'true') return false
  if (now - started < AUTH_FLAG_MAX_AGE_MS) return true
  clearAuthFlags(platform)
  return false
}
