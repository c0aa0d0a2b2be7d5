// Where the phone keeps a confirmed bulk post (bulk-post-pending.ts): on its own, so the Dashboard can see one is
// waiting without loading the request's code.
export const pendingKeyOf = (userId: number) => `snaplist:bulk-post:${userId}`

export function hasPendingBulkPost(userId: number): boolean {
  try {
    return localStorage.getItem(pendingKeyOf(userId)) !== null
  } catch {
    return false
  }
}
