// A listing's SKU on eBay (eBay's SKUs are letters and digits, error 25707, at most 50): `snaplist`, this install's
// prefix and the listing's id, so two sellers, or two installs selling on one eBay account, never share one. Kept on
// the listing when first published, and that stored SKU is what later calls and sales use (issue 27, F2).
import type { Sql } from '../../db/client.ts'
import { ebaySkuPrefix } from '../../db/ebay-install-identity.ts'
import * as ebayState from '../../db/listing-ebay-state.ts'

export const newEbaySku = (installPrefix: string, listingId: number) => `snaplist${installPrefix}${listingId}`

/** The listing's stored SKU, else a new one stored now (before eBay hears of it, so a retry sends the same). */
export async function ebaySkuOf(sql: Sql, listingId: number): Promise<string> {
  return (
    (await ebayState.findEbaySku(sql, listingId)) ??
    ebayState.keepEbaySku(sql, listingId, newEbaySku(await ebaySkuPrefix(sql), listingId))
  )
}
