// What the analysis asks eBay as the app itself (an application token, no seller needed; docs/product.md §12): the
// category eBay suggests for the AI's title, that category's item aspects (Taxonomy, as publishing asks), and the
// items like it for sale now (Browse item_summary/search). Suggestions and searches are kept some hours in
// ebay_lookup_cache and aspects a week in ebay_category_aspects, so re-running an analysis asks eBay nothing again.
import * as v from 'valibot'
import type { Comparable, MarketPrices } from '../../contract/analysis.ts'
import type { EbayConfig } from './ebay-env.ts'
import type { Sql } from '../../db/client.ts'
import type { CategoryAspect } from '../../db/ebay-category-aspects.ts'
import * as cache from '../../db/ebay-lookup-cache.ts'
import { TokenRejected } from '../marketplaces/connections.ts'
import { createAppTokens, type AppTokens } from './app-token.ts'
import { createEbaySellClient, type EbaySellClient } from './sell-api.ts'
import { createEbayTaxonomy, type Category, type EbayTaxonomy } from './taxonomy.ts'
import { hostsOf } from './hosts.ts'

/** How long a category suggestion or a market search is reused. */
export const EBAY_LOOKUP_MAX_AGE_MS = 6 * 60 * 60 * 1000
/** The most answers kept (the hourly purge drops the oldest beyond it): a few KB each, tens of MB at most. */
export const EBAY_LOOKUP_MAX_ROWS = 10_000

/** The hourly housekeeping's part: kept answers past their hours, or beyond the newest EBAY_LOOKUP_MAX_ROWS. */
export const purgeEbayLookups = (sql: Sql) => cache.purgeLookups(sql, EBAY_LOOKUP_MAX_AGE_MS, EBAY_LOOKUP_MAX_ROWS)
const BROWSE = '/buy/browse/v1/item_summary/search'
// Enough listings for steady percentiles, in one page (eBay's default page is 50 too).
const MARKET_SAMPLE = 50
// eBay searches for every word: the brand and item type lead the AI's title, the rest narrows it to nothing.
const MARKET_WORDS = 5
const CLOSEST = 3

const MoneySchema = v.object({ value: v.string(), currency: v.string() })
const SearchReplySchema = v.object({
  total: v.optional(v.number(), 0),
  itemSummaries: v.optional(
    v.array(
      v.object({
        title: v.optional(v.string(), ''),
        itemWebUrl: v.optional(v.string(), ''),
        price: v.optional(MoneySchema),
        shippingOptions: v.optional(v.array(v.object({ shippingCost: v.optional(MoneySchema) })), []),
      }),
    ),
    [],
  ),
})

/** The words eBay searches for: the title's first few, without what Browse refuses (the * wildcard) or ignores. */
export function marketKeywords(title: string): string {
  return title
    .replace(/[*()[\]{}"]/g, ' ')
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .slice(0, MARKET_WORDS)
    .join(' ')
}

/** The p-th percentile (0–100) of sorted values, linearly interpolated. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0
  const rank = (p / 100) * (sorted.length - 1)
  const [below, above] = [sorted[Math.floor(rank)]!, sorted[Math.ceil(rank)]!]
  return below + (above - below) * (rank - Math.floor(rank))
}

const cents = (dollars: number) => Math.round(dollars * 100) / 100

/** Price plus the cheapest shipping eBay quotes, in US dollars; undefined for items priced in another currency. */
function totalOf(item: v.InferOutput<typeof SearchReplySchema>['itemSummaries'][number]): number | undefined {
  if (item.price?.currency !== 'USD') return undefined
  const shipping = item.shippingOptions.flatMap((option) =>
    option.shippingCost?.currency === 'USD' ? [Number(option.shippingCost.value)] : [],
  )
  const total = Number(item.price.value) + (shipping.length ? Math.min(...shipping) : 0)
  return Number.isFinite(total) && total > 0 ? total : undefined
}

export function marketPricesOf(reply: v.InferOutput<typeof SearchReplySchema>, searchedAt: Date): MarketPrices {
  const priced = reply.itemSummaries.flatMap((item) => {
    const total = totalOf(item)
    return total === undefined ? [] : [{ title: item.title, total: cents(total), url: item.itemWebUrl }]
  })
  if (priced.length === 0)
    return { count: 0, low: 0, middle: 0, high: 0, closest: [], searchedAt: searchedAt.toISOString() }
  const sorted = priced.map((item) => item.total).sort((a, b) => a - b)
  const closest: Comparable[] = priced.filter((item) => item.url.startsWith('https://')).slice(0, CLOSEST)
  return {
    count: Math.max(reply.total, priced.length),
    low: cents(percentile(sorted, 25)),
    middle: cents(percentile(sorted, 50)),
    high: cents(percentile(sorted, 75)),
    closest,
    searchedAt: searchedAt.toISOString(),
  }
}

export interface MarketQuery {
  title: string
  categoryId: string
  condition: 'new' | 'used'
}

export interface EbayLookups {
  /** eBay's best leaf category for the title; null when eBay suggests none. */
  category(title: string): Promise<Category | null>
  aspects(categoryId: string): Promise<CategoryAspect[]>
  /** Fixed-price listings like the item, for sale now (count 0: none). */
  market(query: MarketQuery): Promise<MarketPrices>
  /**
   * Used ones of the product with this barcode (Browse's gtin search), in its catalog category when known; `asking`
   * runs before Browse is asked (never for a kept answer): the lookup limits count it.
   */
  marketByGtin(gtin: string, categoryId: string | undefined, asking?: () => Promise<void>): Promise<MarketPrices>
}

export interface EbayLookupsDeps {
  sql: Sql
  config: EbayConfig
  fetcher?: typeof fetch
  /** For tests and the benchmark: the parts made from the config otherwise. */
  tokens?: AppTokens
  sell?: EbaySellClient
  taxonomy?: EbayTaxonomy
}

export function createEbayLookups({ sql, config, fetcher = fetch, ...given }: EbayLookupsDeps): EbayLookups {
  const tokens = given.tokens ?? createAppTokens(config, fetcher)
  const sell = given.sell ?? createEbaySellClient(hostsOf(config), fetcher)
  const taxonomy = given.taxonomy ?? createEbayTaxonomy(sql, sell)

  /** Runs the call with the app's token; a token eBay refused is forgotten, so the next analysis gets a new one. */
  async function asApp<T>(call: (token: string) => Promise<T>): Promise<T> {
    const token = await tokens.get()
    try {
      return await call(token)
    } catch (error) {
      if (error instanceof TokenRejected) tokens.forget(token)
      throw error
    }
  }

  /** A cached answer younger than EBAY_LOOKUP_MAX_AGE_MS, else eBay's (then cached). */
  async function cached<T>(kind: cache.LookupKind, key: string, ask: () => Promise<T>): Promise<T> {
    const found = await cache.findLookup<{ answer: T }>(sql, kind, key, EBAY_LOOKUP_MAX_AGE_MS)
    if (found) return found.answer
    const answer = await ask()
    await cache.saveLookup(sql, kind, key, { answer })
    return answer
  }

  /** Fixed-price listings for sale now that Browse finds for the query, in one condition, priced in dollars. */
  function searchMarket(
    key: string,
    query: Record<string, string>,
    condition: MarketQuery['condition'],
    asking: () => Promise<void> = async () => {},
  ) {
    const filter = `buyingOptions:{FIXED_PRICE},conditions:{${condition.toUpperCase()}},priceCurrency:USD`
    return cached('market_search', key, async () => {
      await asking()
      return asApp(async (token) => {
        const params = new URLSearchParams({ ...query, filter, limit: String(MARKET_SAMPLE) })
        const reply = await sell.send(token, { method: 'GET', path: `${BROWSE}?${params}` })
        const parsed = v.safeParse(SearchReplySchema, reply.body)
        if (!parsed.success) throw new Error('Browse answered in an unexpected shape')
        return marketPricesOf(parsed.output, new Date())
      })
    })
  }

  return {
    category: (title) =>
      cached('category_suggestion', title.trim().toLowerCase(), () =>
        asApp(async (token) => (await taxonomy.suggestCategories(token, title))[0] ?? null),
      ),

    aspects: (categoryId) =>
      asApp(async (token) => {
        const { aspects, save } = await taxonomy.aspectsFor(token, categoryId)
        await save?.()
        return aspects
      }),

    market: ({ title, categoryId, condition }) => {
      const q = marketKeywords(title)
      return searchMarket(JSON.stringify([q, categoryId, condition]), { q, category_ids: categoryId }, condition)
    },

    marketByGtin: (gtin, categoryId, asking) =>
      searchMarket(
        JSON.stringify(['gtin', gtin]),
        { gtin, ...(categoryId ? { category_ids: categoryId } : {}) },
        'used',
        asking,
      ),
  }
}
