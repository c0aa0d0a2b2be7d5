// Ending a listing on Shopify (the product set to DRAFT: off every sales channel, kept for a relist) and putting it
// back up (ACTIVE), each answering at once when it is already so. Back up, its quantity follows in a revision.
import type { Sql } from '../../db/client.ts'
import * as places from '../../db/listing-etsy-place.ts'
import * as listings from '../../db/listings.ts'
import { notFound } from '../../errors.ts'
import type { LifecycleChange } from '../selling/marketplace.ts'
import type { ShopifyAdmin } from './admin-api.ts'
import { setProductStatus } from './products.ts'
import { shopifyListingId } from './publish.ts'
import type { ShopifyRevisions } from './revisions.ts'
import type { ShopifyStoreAccess } from './store-access.ts'

export interface ShopifyEndAndRelist {
  end(userId: number, listingId: number): Promise<LifecycleChange>
  relist(userId: number, listingId: number): Promise<LifecycleChange>
}

export function createShopifyEndAndRelist(deps: {
  sql: Sql
  admin: ShopifyAdmin
  access: ShopifyStoreAccess
  revisions: Pick<ShopifyRevisions, 'requestRevision'>
}): ShopifyEndAndRelist {
  const { sql, admin, access, revisions } = deps

  async function change(userId: number, listingId: number, to: 'active' | 'inactive'): Promise<LifecycleChange> {
    const listing = await listings.findListing(sql, userId, listingId)
    if (!listing) throw notFound('That listing does not exist or is not yours. Refresh the Dashboard.')
    const place = await places.findPlace(sql, listingId, 'shopify')
    if (!place?.externalId || place.status === 'draft') throw notFound('This listing is not on Shopify.')
    const productId = place.externalId
    const answer = (message: string): LifecycleChange => ({
      message,
      platformStatus: to === 'active' ? 'active' : 'ended',
      platformListingId: shopifyListingId(productId),
      viewUrl: to === 'active' ? place.url : null,
    })
    if (place.status === to)
      return answer(to === 'active' ? 'This listing is live on Shopify.' : 'This listing is ended on Shopify.')
    await access(userId, (store) => setProductStatus(admin, store, productId, to === 'active' ? 'ACTIVE' : 'DRAFT'))
    if (to === 'inactive') await places.saveStatus(sql, listingId, 'shopify', 'inactive', null)
    else
      await sql.begin(async (tx) => {
        // Sold out there, Shopify's count is none: the listing's own count goes there now.
        await places.markRenewed(tx, listingId, 'shopify', place.quantitySent ?? 0, null)
        await revisions.requestRevision(tx, { id: listingId })
      })
    return answer(to === 'active' ? 'Relisted on Shopify.' : 'Ended on Shopify.')
  }

  return {
    end: (userId, listingId) => change(userId, listingId, 'inactive'),
    relist: (userId, listingId) => change(userId, listingId, 'active'),
  }
}
