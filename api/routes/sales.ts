// POST /api/listings/{id}/sold-elsewhere (a sale the seller made off Snaplist's marketplaces),
// POST /api/listings/{id}/oversold-settled (the seller dealt with a sale beyond the stock, and how: decisions 0033,
// 0056), POST /api/listings/{id}/relist (a sold-out listing back up with more pieces, everywhere it was: issue 47) and
// GET /api/listings/{id}/sales (each sale with what it earned: decision 0042), POST /api/listings/{id}/returned (a sale
// of it came back, sellable or damaged: decision 0070), all scoped to the owner; GET and PUT /api/sales/settings (the
// seller's: whether a cancelled sale goes back up where it sold out); and POST
// /api/sales/refresh, the Dashboard asking for the seller's sales to be read now on every marketplace (decision 0033).
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import {
  OversoldSettledSchema,
  RelistSoldSchema,
  SaleReturnedSchema,
  SellingSettingsSchema,
  SoldElsewhereSchema,
} from '../contract/sales.ts'
import { requireUser } from '../middleware/session.ts'
import type { SellerSales } from '../services/selling/seller-sales.ts'
import { IdParamSchema, valid } from '../validate.ts'

export function salesRoutes(sales: SellerSales) {
  return (
    new Hono<AppEnv>()
      .post(
        '/listings/:id/sold-elsewhere',
        valid('param', IdParamSchema),
        valid('json', SoldElsewhereSchema),
        async (c) =>
          c.json(await sales.soldElsewhere(requireUser(c).id, c.req.valid('param').id, c.req.valid('json')), 200),
      )
      .post(
        '/listings/:id/oversold-settled',
        valid('param', IdParamSchema),
        valid('json', OversoldSettledSchema),
        async (c) =>
          c.json(
            await sales.settleSoldTwice(requireUser(c).id, c.req.valid('param').id, c.req.valid('json').settledAs),
            200,
          ),
      )
      .post('/listings/:id/relist', valid('param', IdParamSchema), valid('json', RelistSoldSchema), async (c) =>
        c.json(await sales.relistSold(requireUser(c).id, c.req.valid('param').id, c.req.valid('json')), 200),
      )
      .post('/listings/:id/returned', valid('param', IdParamSchema), valid('json', SaleReturnedSchema), async (c) =>
        c.json(await sales.saleReturned(requireUser(c).id, c.req.valid('param').id, c.req.valid('json')), 200),
      )
      .get('/listings/:id/sales', valid('param', IdParamSchema), async (c) =>
        c.json(await sales.listingSales(requireUser(c).id, c.req.valid('param').id), 200),
      )
      .get('/sales/settings', async (c) => c.json(await sales.sellingSettings(requireUser(c).id), 200))
      .put('/sales/settings', valid('json', SellingSettingsSchema), async (c) =>
        c.json(await sales.changeSellingSettings(requireUser(c).id, c.req.valid('json')), 200),
      )
      // 202: queued (or asked moments ago already); the sales arrive with the listings' next read.
      .post('/sales/refresh', async (c) => c.json(await sales.refreshSales(requireUser(c).id), 202))
  )
}
