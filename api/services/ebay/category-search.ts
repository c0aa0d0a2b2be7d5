// eBay's categories for the words a seller searched (the Post to eBay dialog and the listing form's Change): the same
// for every seller, so kept some hours in ebay_lookup_cache, and asked of eBay, with the seller's token, only when not
// kept (each such ask counts on the install's lookup limit, issue 46 G3).
import type { EbayCategory } from '../../contract/ebay-publish.ts'
import type { Sql } from '../../db/client.ts'
import * as cache from '../../db/ebay-lookup-cache.ts'
import type { LookupLimiter } from '../lookup-limits.ts'
import type { MarketplaceConnectionService } from '../marketplaces/connections.ts'
import { EBAY_LOOKUP_MAX_AGE_MS } from './lookups.ts'
import type { EbayTaxonomy } from './taxonomy.ts'

export interface EbayCategorySearchDeps {
  sql: Sql
  connectionService: MarketplaceConnectionService
  taxonomy: EbayTaxonomy
  limits: LookupLimiter
}

export interface EbayCategorySearch {
  /** eBay's leaf categories for the words, best first. */
  search(userId: number, words: string): Promise<EbayCategory[]>
}

export function createEbayCategorySearch({
  sql,
  connectionService,
  taxonomy,
  limits,
}: EbayCategorySearchDeps): EbayCategorySearch {
  return {
    async search(userId: number, words: string): Promise<EbayCategory[]> {
      const key = words.trim().toLowerCase()
      const kept = await cache.findLookup<{ categories: EbayCategory[] }>(
        sql,
        'category_search',
        key,
        EBAY_LOOKUP_MAX_AGE_MS,
      )
      if (kept) return kept.categories
      const categories = await connectionService.call(userId, 'ebay', async (token) => {
        await limits.asking('ebay')
        return taxonomy.suggestCategories(token, words)
      })
      await cache.saveLookup(sql, 'category_search', key, { categories })
      return categories
    },
  }
}
