// eBay's Taxonomy API for publishing: the leaf categories eBay suggests for a title (or for words the seller searches
// with), a category's item aspects (which are required, and which take values only from eBay's list), and from the
// Metadata API the item conditions eBay allows in it. The category tree id is asked once per process and aspects
// and conditions are kept in the database for a week, so a seller who is set up pays one call per new listing.
import * as v from 'valibot'
import { EBAY_CONDITION_IDS, type EbayCategory, type EbayConditionOption } from '../../contract/ebay-publish.ts'
import { LISTING_ASPECT_NAMES, MEASUREMENT_ASPECT_NAMES } from '../../contract/ebay/ebay-aspects.ts'
import type { Sql } from '../../db/client.ts'
import * as cache from '../../db/ebay-category-aspects.ts'
import * as conditionCache from '../../db/ebay-category-conditions.ts'
import { AppError } from '../../errors.ts'
import { ebayUnavailable } from './errors.ts'
import type { EbaySellClient } from './sell-api.ts'

const MARKETPLACE = 'EBAY_US'
const ASPECTS_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000
const TAXONOMY = '/commerce/taxonomy/v1'
const METADATA = '/sell/metadata/v1'

const TreeReplySchema = v.object({ categoryTreeId: v.string() })
const SuggestionsReplySchema = v.object({
  categorySuggestions: v.optional(
    v.array(v.object({ category: v.object({ categoryId: v.string(), categoryName: v.string() }) })),
    [],
  ),
})
const SubtreeReplySchema = v.object({
  categorySubtreeNode: v.object({
    category: v.object({ categoryId: v.string(), categoryName: v.string() }),
    leafCategoryTreeNode: v.optional(v.boolean(), false),
  }),
})
const ConditionPoliciesReplySchema = v.object({
  itemConditionPolicies: v.optional(
    v.array(
      v.object({
        categoryId: v.optional(v.string()),
        itemConditions: v.optional(
          v.array(
            v.object({
              conditionId: v.string(),
              conditionDescription: v.optional(v.string(), ''),
              usage: v.optional(v.string()),
            }),
          ),
          [],
        ),
      }),
    ),
    [],
  ),
})
const AspectsReplySchema = v.object({
  aspects: v.optional(
    v.array(
      v.object({
        localizedAspectName: v.string(),
        aspectConstraint: v.optional(
          v.object({
            aspectRequired: v.optional(v.boolean()),
            aspectMode: v.optional(v.string()),
            aspectUsage: v.optional(v.string()),
          }),
          {},
        ),
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

export type Category = EbayCategory

const noCategory = () =>
  new AppError(
    400,
    'ebay_no_category',
    'eBay could not find a category for this title. Add words that say what the item is (for example "denim jacket") and post again.',
  )

export interface EbayTaxonomy {
  categoryTreeId(token: string): Promise<string>
  /** eBay's leaf categories for the words, best first. */
  suggestCategories(token: string, words: string): Promise<Category[]>
  /** eBay's best leaf category for the title. */
  suggestCategory(token: string, title: string): Promise<Category>
  /** A leaf category by its id (one the seller chose): its name, or 400 when eBay has no such leaf category. */
  leafCategory(token: string, categoryId: string): Promise<Category>
  /**
   * The conditions eBay allows in the category (Metadata API), from the cache or eBay; `save` caches them, as for
   * aspects. Conditions only approved sellers may use (usage RESTRICTED) and ids Snaplist cannot name are left out.
   */
  conditionsFor(
    token: string,
    categoryId: string,
  ): Promise<{ conditions: EbayConditionOption[]; save?: () => Promise<void> }>
  forgetConditions(categoryId: string): Promise<void>
  /**
   * The category's required and recommended aspects and the ones Snaplist fills, from the cache or eBay; `save` caches
   * what eBay
   * said, for the caller to run once the request succeeds (a refused request leaves the database as it was).
   */
  aspectsFor(
    token: string,
    categoryId: string,
  ): Promise<{ aspects: cache.CategoryAspect[]; save?: () => Promise<void> }>
  forgetAspects(token: string, categoryId: string): Promise<void>
}

export function createEbayTaxonomy(sql: Sql, sell: EbaySellClient): EbayTaxonomy {
  let treeId: Promise<string> | undefined

  function categoryTreeId(token: string): Promise<string> {
    treeId ??= sell
      .send(token, { method: 'GET', path: `${TAXONOMY}/get_default_category_tree_id?marketplace_id=${MARKETPLACE}` })
      .then((reply) => parse(TreeReplySchema, reply.body, 'getDefaultCategoryTreeId').categoryTreeId)
    // A failure is not kept: the next publish asks again.
    treeId.catch(() => (treeId = undefined))
    return treeId
  }

  async function suggestCategories(token: string, words: string): Promise<Category[]> {
    const tree = await categoryTreeId(token)
    const reply = await sell.send(token, {
      method: 'GET',
      path: `${TAXONOMY}/category_tree/${tree}/get_category_suggestions?q=${encodeURIComponent(words)}`,
    })
    return parse(SuggestionsReplySchema, reply.body, 'getCategorySuggestions').categorySuggestions.map(
      ({ category }) => ({ id: category.categoryId, name: category.categoryName }),
    )
  }

  return {
    categoryTreeId,

    suggestCategories,

    async suggestCategory(token: string, title: string): Promise<Category> {
      const [best] = await suggestCategories(token, title)
      if (!best) throw noCategory()
      return best
    },

    async leafCategory(token: string, categoryId: string): Promise<Category> {
      const tree = await categoryTreeId(token)
      const reply = await sell.send(token, {
        method: 'GET',
        path: `${TAXONOMY}/category_tree/${tree}/get_category_subtree?category_id=${encodeURIComponent(categoryId)}`,
        accept: [400, 404],
      })
      const node =
        reply.status === 200
          ? parse(SubtreeReplySchema, reply.body, 'getCategorySubtree').categorySubtreeNode
          : undefined
      if (!node?.leafCategoryTreeNode) {
        throw new AppError(
          400,
          'ebay_category_unknown',
          'eBay has no such category to list in. Choose one of eBay’s suggestions or search again.',
          { fields: { categoryId: 'Choose a category from eBay’s list' } },
        )
      }
      return { id: node.category.categoryId, name: node.category.categoryName }
    },

    async conditionsFor(
      token: string,
      categoryId: string,
    ): Promise<{ conditions: EbayConditionOption[]; save?: () => Promise<void> }> {
      const cached = await conditionCache.findCategoryConditions(sql, MARKETPLACE, categoryId, ASPECTS_MAX_AGE_MS)
      if (cached) return { conditions: cached }
      const filter = encodeURIComponent(`categoryIds:{${categoryId}}`)
      const reply = await sell.send(token, {
        method: 'GET',
        path: `${METADATA}/marketplace/${MARKETPLACE}/get_item_condition_policies?filter=${filter}`,
      })
      const [policy] = parse(ConditionPoliciesReplySchema, reply.body, 'getItemConditionPolicies').itemConditionPolicies
      const conditions = (policy?.itemConditions ?? []).flatMap((condition) => {
        const value = EBAY_CONDITION_IDS[condition.conditionId as keyof typeof EBAY_CONDITION_IDS]
        return value && condition.usage !== 'RESTRICTED'
          ? [{ value, label: condition.conditionDescription || value }]
          : []
      })
      return { conditions, save: () => conditionCache.saveCategoryConditions(sql, MARKETPLACE, categoryId, conditions) }
    },

    forgetConditions: (categoryId: string) => conditionCache.forgetCategoryConditions(sql, MARKETPLACE, categoryId),

    async aspectsFor(
      token: string,
      categoryId: string,
    ): Promise<{ aspects: cache.CategoryAspect[]; save?: () => Promise<void> }> {
      const tree = await categoryTreeId(token)
      const cached = await cache.findCategoryAspects(sql, tree, categoryId, ASPECTS_MAX_AGE_MS)
      if (cached) return { aspects: cached }
      const reply = await sell.send(token, {
        method: 'GET',
        path: `${TAXONOMY}/category_tree/${tree}/get_item_aspects_for_category?category_id=${encodeURIComponent(categoryId)}`,
      })
      const aspects = parse(AspectsReplySchema, reply.body, 'getItemAspectsForCategory')
        .aspects.map((aspect) => ({
          name: aspect.localizedAspectName,
          // eBay's aspectUsage says RECOMMENDED even for required aspects; aspectRequired is the one to trust.
          required: aspect.aspectConstraint.aspectRequired === true,
          allowedValues:
            aspect.aspectConstraint.aspectMode === 'SELECTION_ONLY'
              ? aspect.aspectValues.map((value) => value.localizedValue)
              : [],
          recommended: aspect.aspectConstraint.aspectUsage === 'RECOMMENDED',
        }))
        // What the analysis fills and publishing sends: what eBay requires or recommends, and what Snaplist has fields
        // (or clothing measurements) for.
        .filter(
          (aspect) =>
            aspect.required ||
            aspect.recommended ||
            LISTING_ASPECT_NAMES.includes(aspect.name) ||
            MEASUREMENT_ASPECT_NAMES.includes(aspect.name),
        )
        .map(({ recommended: _recommended, ...aspect }) => aspect)
      return { aspects, save: () => cache.saveCategoryAspects(sql, tree, categoryId, aspects) }
    },

    async forgetAspects(token: string, categoryId: string): Promise<void> {
      await cache.forgetCategoryAspects(sql, await categoryTreeId(token), categoryId)
    },
  }
}
