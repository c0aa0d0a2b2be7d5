// How many listings one bulk post may take (docs/decisions/0023), on its own so that the Dashboard's search, which
// bounds its list of ready listings by it, does not bring the bulk post's request and answers into the app's start.

/**
 * At most this many of one seller's listings wait to be posted at once, and so in one request: enough for a big haul
 * in one tap, while the queue stays fair to other sellers.
 */
export const BULK_POST_QUEUE_MAX = 500
