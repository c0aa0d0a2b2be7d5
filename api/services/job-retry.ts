// How the app's jobs retry their failures: the policy's shape, as pg-boss takes it per queue, and the one they share.
/** How a job's failures are retried, as pg-boss takes it per queue (delays in seconds). */
export interface RetryPolicy {
  /** Tries after the first. */
  retryLimit: number
  /** The wait before the first retry; with retryBackoff it doubles each time, with jitter. */
  retryDelay: number
  retryBackoff: boolean
  /** A job still running this long after it started is taken for dead (its process with it) and retried. */
  expireInSeconds: number
}

// A mail server, a marketplace or the database away for a while is waited out: 30-60 s, then doubling, 6 tries in all
// (over 15 to 30 minutes). A job whose process died while running it is retried once 5 minutes have passed.
export const BACK_OFF: RetryPolicy = { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 }

// What carries a sale to the other marketplaces (a sale's read, its follow-up, the revisions, a cancellation given back,
// a relist) cannot wait a minute while a piece sold elsewhere is still for sale: a marketplace busy for a few seconds
// (Shopify's cost bucket, Etsy's 429) is tried again after 5-10 s, then doubling, 9 tries in all (over 20-40 minutes).
export const SOON: RetryPolicy = { retryLimit: 8, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 }
