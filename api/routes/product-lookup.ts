// GET /api/product-lookup?gtin=<code>: the products eBay's catalog has for a barcode the seller scanned or typed, and the
// market for it (docs/decisions/0046); it reads, and the listing changes only when the seller's draft is sent. POST
// /api/product-lookup/stock-photo: eBay's stock photo of one of them, copied in as the seller's photo.
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { ProductLookupQuerySchema, StockPhotoInputSchema } from '../contract/product-lookup.ts'
import { requireUser } from '../middleware/session.ts'
import type { EbayCatalog } from '../services/ebay/catalog.ts'
import { valid } from '../validate.ts'

export function productLookupRoutes(catalog: EbayCatalog) {
  return new Hono<AppEnv>()
    .get('/product-lookup', valid('query', ProductLookupQuerySchema), async (c) =>
      c.json(await catalog.lookUp(requireUser(c).id, c.req.valid('query').gtin), 200),
    )
    .post('/product-lookup/stock-photo', valid('json', StockPhotoInputSchema), async (c) => {
      const { gtin, epid } = c.req.valid('json')
      return c.json(await catalog.stockPhoto(requireUser(c).id, gtin, epid), 201)
    })
}
