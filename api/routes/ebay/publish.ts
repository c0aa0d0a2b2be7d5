// /api/listings/{id}/post-to-ebay (docs/product.md §7), the check the Post to eBay dialog runs before it, the dialog's search
// of eBay's categories and the seller's choice of one (on the form or in the dialog).
import { Hono } from 'hono'
import { CategorySearchSchema } from '../../contract/category-search.ts'
import type { AppEnv } from '../../app-env.ts'
import {
  EbayCategoryChoiceSchema,
  EbayPublishInputSchema,
  EbayRequirementsQuerySchema,
} from '../../contract/ebay-publish.ts'
import { countsAsLookup } from '../../middleware/lookup-limit.ts'
import { sameSiteOnly } from '../../middleware/same-origin.ts'
import { requireUser } from '../../middleware/session.ts'
import type { EbayCategoryChoice } from '../../services/ebay/category-choice.ts'
import type { EbayCategorySearch } from '../../services/ebay/category-search.ts'
import type { EbayPublisher } from '../../services/ebay/publish.ts'
import type { LookupLimiter } from '../../services/lookup-limits.ts'
import { IdParamSchema, valid } from '../../validate.ts'

export interface EbayPublishRouteDeps {
  publisher: EbayPublisher
  categoryChoice: EbayCategoryChoice
  categorySearch: EbayCategorySearch
  /** The check, the category search and a category chosen ask eBay: they count as the seller's lookups. */
  limits: LookupLimiter
}

export function ebayPublishRoutes({ publisher, categoryChoice, categorySearch, limits }: EbayPublishRouteDeps) {
  const lookup = countsAsLookup(limits)
  return new Hono<AppEnv>()
    .get(
      '/listings/:id/ebay-requirements',
      sameSiteOnly,
      valid('param', IdParamSchema),
      valid('query', EbayRequirementsQuerySchema),
      lookup,
      async (c) =>
        c.json(await publisher.requirements(requireUser(c).id, c.req.valid('param').id, c.req.valid('query')), 200),
    )
    .put(
      '/listings/:id/ebay-category',
      valid('param', IdParamSchema),
      valid('json', EbayCategoryChoiceSchema),
      lookup,
      async (c) =>
        c.json(
          await categoryChoice.choose(requireUser(c).id, c.req.valid('param').id, c.req.valid('json').categoryId),
          200,
        ),
    )
    .get('/ebay/categories', valid('query', CategorySearchSchema), lookup, async (c) =>
      c.json({ categories: await categorySearch.search(requireUser(c).id, c.req.valid('query').q) }, 200),
    )
    .post(
      '/listings/:id/post-to-ebay',
      valid('param', IdParamSchema),
      valid('json', EbayPublishInputSchema, { bodyOptional: true }),
      async (c) =>
        c.json(await publisher.publish(requireUser(c).id, c.req.valid('param').id, c.req.valid('json')), 200),
    )
}
