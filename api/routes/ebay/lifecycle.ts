// /api/listings/{id}/end-on-ebay and /relist-on-ebay (docs/product.md §4, §7): the seller's own listing only.
import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import { requireUser } from '../../middleware/session.ts'
import type { EbaySelling } from '../../services/ebay/ebay-selling.ts'
import { IdParamSchema, valid } from '../../validate.ts'

export function ebayLifecycleRoutes(lifecycle: Pick<EbaySelling, 'end' | 'relist'>) {
  return new Hono<AppEnv>()
    .post('/listings/:id/end-on-ebay', valid('param', IdParamSchema), async (c) =>
      c.json(await lifecycle.end(requireUser(c).id, c.req.valid('param').id), 200),
    )
    .post('/listings/:id/relist-on-ebay', valid('param', IdParamSchema), async (c) =>
      c.json(await lifecycle.relist(requireUser(c).id, c.req.valid('param').id), 200),
    )
}
