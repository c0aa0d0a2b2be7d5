// /api/listings/{id}/post-to-ebay (docs/product.md §7), the check the Post to eBay dialog runs before it, and the dialog's search
// of eBay's categories.
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { EbayCategorySearchSchema, EbayPublishInputSchema, EbayRequirementsQuerySchema } from '../contract/ebay-publish.ts'
import { sameSiteOnly } from '../middleware/same-origin.ts'
import { requireUser } from '../middleware/session.ts'
import type { EbayPublisher } from '../services/ebay/publish.ts'
import { IdParamSchema, valid } from '../validate.ts'

export function ebayPublishRoutes(publisher: EbayPublisher) {
  return new Hono<AppEnv>()
    .get('/listings/:id/ebay-requirements', sameSiteOnly, valid('param', IdParamSchema), valid('query', EbayRequirementsQuerySchema), async (c) =>
      c.json(await publisher.requirements(requireUser(c).id, c.req.valid('param').id, c.req.valid('query').categoryId), 200),
    )
    .get('/ebay/categories', valid('query', EbayCategorySearchSchema), async (c) =>
      c.json({ categories: await publisher.searchCategories(requireUser(c).id, c.req.valid('query').q) }, 200),
    )
    .post('/listings/:id/post-to-ebay', valid('param', IdParamSchema), valid('json', EbayPublishInputSchema, { bodyOptional: true }), async (c) =>
      c.json(await publisher.publish(requireUser(c).id, c.req.valid('param').id, c.req.valid('json')), 200),
    )
}
