// A bulk post to eBay the seller has confirmed, kept on the phone until they close its summary: the request's
// clientId is made once, when they confirm, and every sending of it (a retry after a dropped connection, the
// Dashboard reopening it after a reload) uses the same one, which the server answers with the request it already
// has (docs/product.md §17), so nothing is posted twice. Small and React-free: the Dashboard reads it on load.
import { uuid } from '../../lib/uuid.ts'

/** A listing the seller confirmed without: it needed something, or they left it out. */
export interface LeftOut {
  listingId: number
  title: string
  /** What it needed ('Brand, Type'), or null when the seller left it out. */
  needs: string | null
}

export interface PendingBulkPost {
  clientId: string
  listingIds: number[]
  postalCode?: string
  leftOut: LeftOut[]
}

const keyOf = (userId: number) => `snaplist:ebay-bulk-post:${userId}`

export function readPendingBulkPost(userId: number): PendingBulkPost | null {
  try {
    const stored = localStorage.getItem(keyOf(userId))
    if (!stored) return null
    const pending = JSON.parse(stored) as Partial<PendingBulkPost>
    if (typeof pending.clientId !== 'string' || !Array.isArray(pending.listingIds) || pending.listingIds.length === 0)
      return null
    return {
      clientId: pending.clientId,
      listingIds: pending.listingIds,
      leftOut: pending.leftOut ?? [],
      ...(pending.postalCode ? { postalCode: pending.postalCode } : {}),
    }
  } catch {
    return null
  }
}

/** Made once per confirmation: its clientId names the request from then on. */
export function startPendingBulkPost(userId: number, request: Omit<PendingBulkPost, 'clientId'>): PendingBulkPost {
  const pending = { clientId: uuid(), ...request }
  try {
    localStorage.setItem(keyOf(userId), JSON.stringify(pending))
  } catch {
    // Private mode or a full store: the request still goes, it just will not reopen after a reload.
  }
  return pending
}

export function clearPendingBulkPost(userId: number) {
  try {
    localStorage.removeItem(keyOf(userId))
  } catch {
    // Nothing kept.
  }
}
