// Where the Dashboard keeps what it last saw of a seller's listings and connections on the phone
// (src/features/listings/last-seen.ts), declared once so signing out can forget it with the thumbnails.
export const lastSeenKey = (userId: number) => `snaplist-last-seen:${userId}`

/** Forgets what the phone last saw of this seller's account: the next person on the phone must not see it offline. */
export function forgetLastSeen(userId: number): void {
  try {
    localStorage.removeItem(lastSeenKey(userId))
  } catch {
    // Storage disabled (private mode): nothing was kept.
  }
}
