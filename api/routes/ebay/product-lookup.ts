// GET /api/product-lookup?gtin=<code>: the products eBay's catalog has for a barcode the seller scanned or typed, and the
// market for it (docs/decisions/0046); it reads, and the listing changes only when the seller's draft is sent. POST
// /api/product-lookup/stock-photo: eBay's stock photo of one of them, copied in as the seller's photo.
import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import { ProductLookupQuerySchema, StockPhotoInputSchema } from '../../contract/ebay/ebay-product-lookup.ts'
import { countsAsLookup } from '../../middleware/lookup-limit.ts'
import { requireUser } from '../../middleware/session.ts'
import type { EbayCatalog } from '../../services/ebay/catalog.ts'
import type { LookupLimiter } from '../../services/lookup-limits.ts'
import { valid } from '../../validate.ts'

export function productLookupRoutes(catalog: EbayCatalog, limits: LookupLimiter) {
  // Each counts as the seller's lookup (issue 46 G3), kept answers too.
  const lookup = countsAsLookup(limits)
  return new Hono<AppEnv>()
    .get('/product-lookup', valid('query', ProductLookupQuerySchema), lookup, async (c) =>
      c.json(await catalog.lookUp(requireUser(c).id, c.req.valid('query').gtin), 200),
    )
    .post('/product-lookup/stock-photo', valid('json', StockPhotoInputSchema), lookup, async (c) => {
      const { gtin, epid } = c.req.valid('json')
      return c.json(await catalog.stockPhoto(requireUser(c).id, gtin, epid), 201)
    })
}
