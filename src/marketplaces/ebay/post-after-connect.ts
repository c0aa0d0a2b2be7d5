// Connecting eBay from a listing's Post to eBay dialog leaves the app for eBay's consent page, which brings the seller
// back to the Dashboard. The listing is remembered in this tab, so the Dashboard opens the same Post to eBay dialog
// again instead of leaving the seller to find the listing and tap Post a second time.
import { useEffect } from 'react'
import type { Listing } from '../../../api/contract/listing.ts'

const KEY = 'snaplist:post-after-connect'
/** A consent left longer than this was given up: coming back later opens nothing. */
const FRESH_MS = 30 * 60 * 1000

export function rememberPostAfterConnect(listingId: number) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ listingId, at: Date.now() }))
  } catch {
    // Private mode or a full store: the seller taps Post again, as before.
  }
}

/** The listing remembered, once: reading it forgets it. */
function takePostAfterConnect(): number | null {
  try {
    const stored = sessionStorage.getItem(KEY)
    sessionStorage.removeItem(KEY)
    const { listingId, at } = (JSON.parse(stored ?? 'null') as { listingId?: unknown; at?: unknown } | null) ?? {}
    return typeof listingId === 'number' && typeof at === 'number' && Date.now() - at < FRESH_MS ? listingId : null
  } catch {
    return null
  }
}

/** Once the seller's listings are known, opens the Post to eBay dialog for the one remembered before eBay's consent. */
export function useReopenPostAfterConnect(listings: Listing[] | undefined, open: (listing: Listing) => void) {
  useEffect(() => {
    if (!listings) return
    const id = takePostAfterConnect()
    const listing = id === null ? undefined : listings.find((candidate) => candidate.id === id)
    if (listing) open(listing)
  }, [listings, open])
}
