// /api/listings: the signed-in seller's own listings (docs/product.md §7), and fill-empty for AI suggestions that came late.
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { ListingFillSchema, ListingInputSchema } from '../contract/listing.ts'
import { requireUser } from '../middleware/session.ts'
import type { ListingService } from '../services/listings.ts'
import { IdParamSchema, valid } from '../validate.ts'

export function listingRoutes(listings: ListingService) {
  return new Hono<AppEnv>()
    .get('/listings', async (c) => c.body(await listings.listJson(requireUser(c).id), 200, { 'content-type': 'application/json' }))
    .post('/listings', valid('json', ListingInputSchema), async (c) => {
      const { listing, created } = await listings.create(requireUser(c).id, c.req.valid('json'))
      return c.json(listing, created ? 201 : 200)
    })
    .post('/listings/:id/fill-empty', valid('param', IdParamSchema), valid('json', ListingFillSchema), async (c) =>
      c.json(await listings.fillEmpty(requireUser(c).id, c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .delete('/listings/:id', valid('param', IdParamSchema), async (c) => {
      await listings.remove(requireUser(c).id, c.req.valid('param').id)
      return c.json({ message: 'Listing deleted.' }, 200)
    })
}
