// GET /api/listings/{id}/etsy-requirements (what Etsy still needs for this listing) and
// POST /api/listings/{id}/post-to-etsy (publish it there), docs/decisions/0031. Both scoped to the listing's owner;
// without Etsy configured on the server both answer marketplace_not_configured (once the listing is found to be theirs).
// GET /api/etsy/categories?q=: Etsy's categories for the seller's search.
import { Hono } from 'hono'
import { CategorySearchSchema } from '../../contract/category-search.ts'
import type { AppEnv } from '../../app-env.ts'
import { EtsyPublishInputSchema, EtsyRequirementsQuerySchema } from '../../contract/etsy-publish.ts'
import { countsAsLookup } from '../../middleware/lookup-limit.ts'
import { requireUser } from '../../middleware/session.ts'
import type { EtsyServices } from '../../services/etsy/etsy-services.ts'
import type { LookupLimiter } from '../../services/lookup-limits.ts'
import { IdParamSchema, valid } from '../../validate.ts'

export function etsyPublishRoutes(etsy: EtsyServices, limits: LookupLimiter) {
  // The check and the category search ask Etsy: they count as the seller's lookups (issue 46 G3).
  const lookup = countsAsLookup(limits)
  return new Hono<AppEnv>()
    .get(
      '/listings/:id/etsy-requirements',
      valid('param', IdParamSchema),
      valid('query', EtsyRequirementsQuerySchema),
      lookup,
      async (c) =>
        c.json(await etsy.requirements(requireUser(c).id, c.req.valid('param').id, c.req.valid('query')), 200),
    )
    .post(
      '/listings/:id/post-to-etsy',
      valid('param', IdParamSchema),
      valid('json', EtsyPublishInputSchema, { bodyOptional: true }),
      async (c) => c.json(await etsy.publish(requireUser(c).id, c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .get('/etsy/categories', valid('query', CategorySearchSchema), lookup, async (c) =>
      c.json({ categories: await etsy.searchCategories(requireUser(c).id, c.req.valid('query').q) }, 200),
    )
}
