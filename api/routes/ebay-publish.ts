// /api/listings/{id}/post-to-ebay (docs/product.md §7), the check the Post to eBay dialog runs before it, the dialog's search
// of eBay's categories and the seller's choice of one (on the form or in the dialog).
import { Hono } from 'hono'
import { CategorySearchSchema } from '../contract/category-search.ts'
import type { AppEnv } from '../app-env.ts'
import {
  EbayCategoryChoiceSchema,
  EbayPublishInputSchema,
  EbayRequirementsQuerySchema,
} from '../contract/ebay-publish.ts'
import { sameSiteOnly } from '../middleware/same-origin.ts'
import { requireUser } from '../middleware/session.ts'
import type { EbayCategoryChoice } from '../services/ebay/category-choice.ts'
import type { EbayPublisher } from '../services/ebay/publish.ts'
import { IdParamSchema, valid } from '../validate.ts'

export function ebayPublishRoutes(publisher: EbayPublisher, categoryChoice: EbayCategoryChoice) {
  return new Hono<AppEnv>()
    .get(
      '/listings/:id/ebay-requirements',
      sameSiteOnly,
      valid('param', IdParamSchema),
      valid('query', EbayRequirementsQuerySchema),
      async (c) =>
        c.json(await publisher.requirements(requireUser(c).id, c.req.valid('param').id, c.req.valid('query')), 200),
    )
    .put(
      '/listings/:id/ebay-category',
      valid('param', IdParamSchema),
      valid('json', EbayCategoryChoiceSchema),
      async (c) =>
        c.json(
          await categoryChoice.choose(requireUser(c).id, c.req.valid('param').id, c.req.valid('json').categoryId),
          200,
        ),
    )
    .get('/ebay/categories', valid('query', CategorySearchSchema), async (c) =>
      c.json({ categories: await publisher.searchCategories(requireUser(c).id, c.req.valid('query').q) }, 200),
    )
    .post(
      '/listings/:id/post-to-ebay',
      valid('param', IdParamSchema),
      valid('json', EbayPublishInputSchema, { bodyOptional: true }),
      async (c) =>
        c.json(await publisher.publish(requireUser(c).id, c.req.valid('param').id, c.req.valid('json')), 200),
    )
}
