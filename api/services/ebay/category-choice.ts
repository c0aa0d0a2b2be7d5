// The seller's choice of eBay category (on the listing's form, or in a Post to eBay dialog): kept on the listing at once,
// so closing the dialog loses nothing, and eBay's suggestion is not made again for it. A listing live on eBay is revised
// there in the same transaction's wake, as any edit of it is: the category the seller sees is the one eBay lists it in.
import { isPostedToSpecMarketplace, type Listing } from '../../contract/listing.ts'
import type { EbayCategory } from '../../contract/ebay-publish.ts'
import type { Sql } from '../../db/client.ts'
import * as ebayState from '../../db/listing-ebay-state.ts'
import * as listings from '../../db/listings.ts'
import { notFound } from '../../errors.ts'
import type { LookupLimiter } from '../lookup-limits.ts'
import type { MarketplaceConnectionService } from '../marketplaces/connections.ts'
import type { EbayRevisions } from './revisions.ts'
import type { EbayTaxonomy } from './taxonomy.ts'

export interface EbayCategoryChoiceDeps {
  sql: Sql
  connectionService: MarketplaceConnectionService
  taxonomy: EbayTaxonomy
  revisions: Pick<EbayRevisions, 'requestRevision'>
  /** eBay is asked whether the category is one to list in: that counts on the install's lookup limit. */
  limits: LookupLimiter
}

export interface EbayCategoryChoice {
  choose(userId: number, listingId: number, categoryId: string): Promise<{ category: EbayCategory }>
}

export function createEbayCategoryChoice(deps: EbayCategoryChoiceDeps): EbayCategoryChoice {
  const { sql, connectionService, taxonomy, revisions, limits } = deps
  return {
    async choose(userId: number, listingId: number, categoryId: string): Promise<{ category: EbayCategory }> {
      const listing: Listing | undefined = await listings.findListing(sql, userId, listingId)
      if (!listing) throw notFound('That listing does not exist or is not yours. Refresh the Dashboard.')
      const category = await connectionService.call(userId, 'ebay', async (token) => {
        await limits.asking('ebay')
        return taxonomy.leafCategory(token, categoryId)
      })
      await sql.begin(async (tx) => {
        await ebayState.saveEbayCategory(tx, listing.id, category, true)
        if (isPostedToSpecMarketplace(listing) && listing.ebayCategoryId !== category.id)
          await revisions.requestRevision(tx, listing)
      })
      return { category }
    },
  }
}
