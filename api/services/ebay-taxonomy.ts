// eBay's Taxonomy API for publishing: the leaf category eBay suggests for a title, and that category's item aspects
// (which are required, and which take values only from eBay's list). The category tree id is asked once per process
// and the aspects are kept in the database for a week, so a seller who is set up pays one call per new listing.
import * as v from 'valibot'
import type { Sql } from '../db/client.ts'
import * as cache from '../db/ebay-category-aspects.ts'
import { AppError } from '../errors.ts'
import { ebayUnavailable } from './ebay.ts'
import type { EbaySellClient } from './ebay-sell.ts'

const MARKETPLACE = 'EBAY_US'
const ASPECTS_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000
const TAXONOMY = '/commerce/taxonomy/v1'

/** The aspects Snaplist fills from a listing's own fields, cached even when eBay only recommends them. */
export const LISTING_ASPECT_NAMES = ['Brand', 'Size', 'Type', 'Size Type', 'Department', 'Color'] as const

const TreeReplySchema = v.object({ categoryTreeId: v.string() })
const SuggestionsReplySchema = v.object({
  categorySuggestions: v.optional(v.array(v.object({ category: v.object({ categoryId: v.string(), categoryName: v.string() }) })), []),
})
const AspectsReplySchema = v.object({
  aspects: v.optional(
    v.array(
      v.object({
        localizedAspectName: v.string(),
        aspectConstraint: v.optional(v.object({ aspectRequired: v.optional(v.boolean()), aspectMode: v.optional(v.string()) }), {}),
        aspectValues: v.optional(v.array(v.object({ localizedValue: v.string() })), []),
      }),
    ),
    [],
  ),
})

const unexpected = (what: string) => {
  console.error(`[ebay] ${what} answered in an unexpected shape`)
  return ebayUnavailable()
}

function parse<S extends v.GenericSchema>(schema: S, body: unknown, what: string): v.InferOutput<S> {
  const parsed = v.safeParse(schema, body)
  if (!parsed.success) throw unexpected(what)
  return parsed.output
}

export interface Category {
  id: string
  name: string
}

export function createEbayTaxonomy(sql: Sql, sell: EbaySellClient) {
  let treeId: Promise<string> | undefined

  function categoryTreeId(token: string): Promise<string> {
    treeId ??= sell
      .send(token, { method: 'GET', path: `${TAXONOMY}/get_default_category_tree_id?marketplace_id=${MARKETPLACE}` })
      .then((reply) => parse(TreeReplySchema, reply.body, 'getDefaultCategoryTreeId').categoryTreeId)
    // A failure is not kept: the next publish asks again.
    treeId.catch(() => (treeId = undefined))
    return treeId
  }

  return {
    categoryTreeId,

    /** eBay's best leaf category for the title. */
    async suggestCategory(token: string, title: string): Promise<Category> {
      const tree = await categoryTreeId(token)
      const reply = await sell.send(token, { method: 'GET', path: `${TAXONOMY}/category_tree/${tree}/get_category_suggestions?q=${encodeURIComponent(title)}` })
      const [best] = parse(SuggestionsReplySchema, reply.body, 'getCategorySuggestions').categorySuggestions
      if (!best) {
        throw new AppError(400, 'ebay_no_category', 'eBay could not find a category for this title. Add words that say what the item is (for example "denim jacket") and post again.')
      }
      return { id: best.category.categoryId, name: best.category.categoryName }
    },

    /**
     * The category's required aspects and the ones Snaplist fills, from the cache or eBay; `save` caches what eBay
     * said, for the caller to run once the request succeeds (a refused request leaves the database as it was).
     */
    async aspectsFor(token: string, categoryId: string): Promise<{ aspects: cache.CategoryAspect[]; save?: () => Promise<void> }> {
      const tree = await categoryTreeId(token)
      const cached = await cache.findCategoryAspects(sql, tree, categoryId, ASPECTS_MAX_AGE_MS)
      if (cached) return { aspects: cached }
      const reply = await sell.send(token, { method: 'GET', path: `${TAXONOMY}/category_tree/${tree}/get_item_aspects_for_category?category_id=${encodeURIComponent(categoryId)}` })
      const aspects = parse(AspectsReplySchema, reply.body, 'getItemAspectsForCategory')
        .aspects.map((aspect) => ({
          name: aspect.localizedAspectName,
          // eBay's aspectUsage says RECOMMENDED even for required aspects; aspectRequired is the one to trust.
          required: aspect.aspectConstraint.aspectRequired === true,
          allowedValues: aspect.aspectConstraint.aspectMode === 'SELECTION_ONLY' ? aspect.aspectValues.map((value) => value.localizedValue) : [],
        }))
        .filter((aspect) => aspect.required || (LISTING_ASPECT_NAMES as readonly string[]).includes(aspect.name))
      return { aspects, save: () => cache.saveCategoryAspects(sql, tree, categoryId, aspects) }
    },

    async forgetAspects(token: string, categoryId: string): Promise<void> {
      await cache.forgetCategoryAspects(sql, await categoryTreeId(token), categoryId)
    },
  }
}

export type EbayTaxonomy = ReturnType<typeof createEbayTaxonomy>
