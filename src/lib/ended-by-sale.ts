// Which marketplace's sale took a listing down elsewhere (issue 47): "Ended on <one> — sold on <another> 2 min ago". Derived
// from the listing's last sale (soldOn, soldAt, soldWhere) and where it stands on each marketplace, never kept apart.
import type { Listing } from '../../api/contract/listing.ts'
import { SOLD_ON_LABELS } from '../../api/contract/listing-status.ts'
import type { Platform } from '../../api/contract/marketplace-paths.ts'
import { timeAgo } from './time-ago.ts'

/** Where the last sale was made, as the line says it: "on <marketplace>", "at Poshmark", "elsewhere". */
function soldWhere(listing: Listing): string {
  if (listing.soldOn !== 'elsewhere') return `on ${SOLD_ON_LABELS[listing.soldOn!]}`
  return listing.soldWhere ? `at ${listing.soldWhere}` : 'elsewhere'
}

/**
 * The line for a marketplace the listing was ended on because its last piece sold somewhere else; null when that is
 * not so (pieces left, never sold, or it sold there).
 */
export function endedBySale(listing: Listing, on: Platform): string | null {
  if (listing.quantity > 0 || !listing.soldAt || !listing.soldOn || listing.soldOn === on) return null
  return `Ended on ${SOLD_ON_LABELS[on]} — sold ${soldWhere(listing)} ${timeAgo(listing.soldAt)}`
}
