// GET /api/listings/{id}/etsy-requirements (what Etsy still needs for this listing) and
// POST /api/listings/{id}/post-to-etsy (publish it there), docs/decisions/0031, and /end-on-etsy and /relist-on-etsy
// (the row's End on Etsy and Relist on Etsy, as eBay's: decision 0063). All scoped to the listing's owner; without Etsy
// configured on the server each answers marketplace_not_configured (once the listing is found to be theirs).
// GET /api/etsy/categories?q= (Etsy's categories for the seller's search) and POST /api/etsy/sales/refresh (the
// Dashboard asking for the seller's Etsy receipts to be read now, decision 0033).
import { Hono } from 'hono'
import { CategorySearchSchema } from '../contract/category-search.ts'
import type { AppEnv } from '../app-env.ts'
import { EtsyPublishInputSchema, EtsyRequirementsQuerySchema } from '../contract/etsy-publish.ts'
import { countsAsLookup } from '../middleware/lookup-limit.ts'
import { requireUser } from '../middleware/session.ts'
import type { EtsyServices } from '../services/etsy/etsy-services.ts'
import type { LookupLimiter } from '../services/lookup-limits.ts'
import { IdParamSchema, valid } from '../validate.ts'

export function etsyPublishRoutes(etsy: EtsyServices, limits: LookupLimiter) {
  // The check and the category search ask Etsy: they count as the seller's lookups (issue 46 G3).
  const lookup = countsAsLookup(limits)
  return (
    new Hono<AppEnv>()
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
      .post('/listings/:id/end-on-etsy', valid('param', IdParamSchema), async (c) =>
        c.json(await etsy.end(requireUser(c).id, c.req.valid('param').id), 200),
      )
      .post('/listings/:id/relist-on-etsy', valid('param', IdParamSchema), async (c) =>
        c.json(await etsy.relist(requireUser(c).id, c.req.valid('param').id), 200),
      )
      .get('/etsy/categories', valid('query', CategorySearchSchema), lookup, async (c) =>
        c.json({ categories: await etsy.searchCategories(requireUser(c).id, c.req.valid('query').q) }, 200),
      )
      // 202: queued (or asked moments ago already); the sales arrive with the listings' next read.
      .post('/etsy/sales/refresh', async (c) => c.json({ queued: await etsy.refreshSales(requireUser(c).id) }, 202))
  )
}
