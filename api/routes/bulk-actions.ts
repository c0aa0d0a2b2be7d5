// /api/bulk-actions: a price, quantity, end or delete applied to many of the seller's listings at once, as a durable
// job, and how far it has got (docs/decisions/0038).
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { BulkActionInputSchema } from '../contract/bulk-actions.ts'
import { requireUser } from '../middleware/session.ts'
import type { BulkActions } from '../services/selling/bulk-actions.ts'
import { IdParamSchema, valid } from '../validate.ts'

export function bulkActionRoutes(bulk: BulkActions) {
  return new Hono<AppEnv>()
    .post('/bulk-actions', valid('json', BulkActionInputSchema), async (c) => {
      const { action, created } = await bulk.start(requireUser(c).id, c.req.valid('json'))
      return c.json(action, created ? 202 : 200)
    })
    .get('/bulk-actions/:id', valid('param', IdParamSchema), async (c) =>
      c.json(await bulk.view(requireUser(c).id, c.req.valid('param').id), 200),
    )
}
