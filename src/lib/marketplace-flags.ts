// The browser-stored marks of a marketplace authorization in progress (docs/product.md §3: etsyAuthInProgress and
// etsyAuthTimestamp, one pair per marketplace). They let the Dashboard notice a seller coming back from the
// marketplace without passing through the callback screen; after 5 minutes (docs/product.md §9) a mark is stale and discarded.
import type { Platform } from '../../api/contract/marketplaces.ts'

const AUTH_FLAG_MAX_AGE_MS = 300_000

const keys = (platform: Platform) => ({
  inProgress: `${platform}AuthInProgress`,
  timestamp: `${platform}AuthTimestamp`,
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
    // A new attempt: an earlier eBay success no longer speaks for it.
    if (platform === 'ebay') localStorage.removeItem(EBAY_KEYS.success)
  }, undefined)
}

/**
 * The authorization is no longer in progress. An eBay success mark outlives it, with the timestamp it is dated by, so
 * returning to the callback within 5 minutes says 'Already Connected'.
 */
export function clearAuthFlags(platform: Platform) {
  const { inProgress, timestamp } = keys(platform)
  quietly(() => {
    const keepTimestamp = platform === 'ebay' && localStorage.getItem(EBAY_KEYS.success) === 'true'
    const ebayKeys =
      platform === 'ebay' ? [EBAY_KEYS.pendingCode, EBAY_KEYS.pendingState, EBAY_KEYS.failed, EBAY_KEYS.error] : []
    for (const key of [inProgress, ...(keepTimestamp ? [] : [timestamp]), ...ebayKeys]) localStorage.removeItem(key)
  }, undefined)
}

/** Forgets every mark of the attempt, eBay's success included (the seller declined). */
export function forgetAttempt(platform: Platform) {
  if (platform === 'ebay') quietly(() => localStorage.removeItem(EBAY_KEYS.success), undefined)
  clearAuthFlags(platform)
}

// eBay's callback also keeps what it got back (docs/product.md §3), so a reload or a second tab of the callback can recover the
// code, or know the connection already succeeded; they share ebayAuthTimestamp and its 5 minutes. The code is kept
// with its state (ebayPendingState), as the server exchanges it only with the state it was issued for.
const EBAY_KEYS = {
  success: 'ebayAuthSuccess',
  pendingCode: 'ebayPendingCode',
  pendingState: 'ebayPendingState',
  failed: 'ebayAuthFailed',
  error: 'ebayAuthError',
} as const

export interface EbayCallbackMarks {
  success: boolean
  pendingCode: string | null
  pendingState: string | null
  failed: boolean
  error: string | null
}

/** Records the callback's outcome so far: a success with the code (and its state) still to exchange, or a failure. */
export function rememberEbayCallback(
  marks: { pendingCode: string; pendingState: string } | { error: string },
  now = Date.now(),
) {
  quietly(() => {
    localStorage.setItem('ebayAuthTimestamp', String(now))
    if ('pendingCode' in marks) {
      localStorage.setItem(EBAY_KEYS.success, 'true')
      localStorage.setItem(EBAY_KEYS.pendingCode, marks.pendingCode)
      localStorage.setItem(EBAY_KEYS.pendingState, marks.pendingState)
      localStorage.removeItem(EBAY_KEYS.failed)
      localStorage.removeItem(EBAY_KEYS.error)
    } else {
      localStorage.setItem(EBAY_KEYS.failed, 'true')
      localStorage.setItem(EBAY_KEYS.error, marks.error)
      localStorage.removeItem(EBAY_KEYS.pendingCode)
      localStorage.removeItem(EBAY_KEYS.pendingState)
      localStorage.removeItem(EBAY_KEYS.success)
    }
  }, undefined)
}

/** The eBay callback's marks when younger than 5 minutes; older ones are removed and read as none. */
export function readEbayCallback(now = Date.now()): EbayCallbackMarks {
  const none: EbayCallbackMarks = { success: false, pendingCode: null, pendingState: null, failed: false, error: null }
  const read = quietly(
    () => ({
      started: Number(localStorage.getItem('ebayAuthTimestamp')),
      marks: {
        success: localStorage.getItem(EBAY_KEYS.success) === 'true',
        pendingCode: localStorage.getItem(EBAY_KEYS.pendingCode),
        pendingState: localStorage.getItem(EBAY_KEYS.pendingState),
        failed: localStorage.getItem(EBAY_KEYS.failed) === 'true',
        error: localStorage.getItem(EBAY_KEYS.error),
      },
    }),
    { started: 0, marks: none },
  )
  if (now - read.started < AUTH_FLAG_MAX_AGE_MS) return read.marks
  forgetAttempt('ebay')
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
