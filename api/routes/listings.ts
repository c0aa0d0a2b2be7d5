// /api/listings: the signed-in seller's own listings (docs/product.md §7): create, read one (what an edit starts from),
// edit (against the version the edit started from), fill-empty for AI suggestions that came late, delete; the
// Dashboard's search, a page at a time, with the ids of every ready listing it finds; the listings chosen there; and the
// listing of a label's SKU (Scan label). GET /listings/:id comes after the fixed paths (search, ready-ids, chosen,
// by-sku), which its :id would otherwise take.
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { jsonText } from '../json-text.ts'
import {
  ChosenListingsQuerySchema,
  ListingBySkuQuerySchema,
  ListingSearchQuerySchema,
  ReadyListingIdsQuerySchema,
} from '../contract/listing-search.ts'
import { beingEndedOn } from '../contract/listing-status.ts'
import { ListingEditSchema, ListingFillSchema, ListingInputSchema } from '../contract/listing.ts'
import { requireUser } from '../middleware/session.ts'
import type { ListingService } from '../services/listings/listings.ts'
import { IdParamSchema, valid } from '../validate.ts'

export function listingRoutes(listings: ListingService) {
  return new Hono<AppEnv>()
    .get('/listings', async (c) => jsonText(c, await listings.listJson(requireUser(c).id), 200))
    .get('/listings/search', valid('query', ListingSearchQuerySchema), async (c) =>
      jsonText(c, await listings.searchJson(requireUser(c).id, c.req.valid('query')), 200),
    )
    .get('/listings/ready-ids', valid('query', ReadyListingIdsQuerySchema), async (c) =>
      c.json(await listings.readyIds(requireUser(c).id, c.req.valid('query')), 200),
    )
    .get('/listings/chosen', valid('query', ChosenListingsQuerySchema), async (c) =>
      jsonText(c, await listings.chosenJson(requireUser(c).id, c.req.valid('query').ids), 200),
    )
    .get('/listings/by-sku', valid('query', ListingBySkuQuerySchema), async (c) =>
      c.json(await listings.bySku(requireUser(c).id, c.req.valid('query').sku), 200),
    )
    .get('/listings/:id', valid('param', IdParamSchema), async (c) =>
      jsonText(c, await listings.oneJson(requireUser(c).id, c.req.valid('param').id), 200),
    )
    .post('/listings', valid('json', ListingInputSchema), async (c) => {
      const { listing, created } = await listings.create(requireUser(c).id, c.req.valid('json'))
      return c.json(listing, created ? 201 : 200)
    })
    .patch('/listings/:id', valid('param', IdParamSchema), valid('json', ListingEditSchema), async (c) =>
      c.json(await listings.update(requireUser(c).id, c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .post('/listings/:id/fill-empty', valid('param', IdParamSchema), valid('json', ListingFillSchema), async (c) =>
      c.json(await listings.fillEmpty(requireUser(c).id, c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .delete('/listings/:id', valid('param', IdParamSchema), async (c) => {
      const { endingOn } = await listings.remove(requireUser(c).id, c.req.valid('param').id)
      // 202: the listing has left the Dashboard, and is deleted once it has ended everywhere (docs/decisions/0023).
      if (endingOn.length > 0) return c.json({ message: `Listing deleted. ${beingEndedOn(endingOn)}`, endingOn }, 202)
      return c.json({ message: 'Listing deleted.', endingOn }, 200)
    })
}
