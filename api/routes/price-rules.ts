// /api/price-rules: the seller's minimum profit and markdown ladder, what the next run changes, Apply now and undo;
// /api/listings/{id}/floor: a listing's floor and the floor the seller types on it; /api/listings/{id}/markdowns: its
// markdowns paused or not (issue 51, docs/decisions/0075); /api/offers: the offers sent to interested buyers and their
// outcomes, a page at a time (decision 0076); /api/price-rules/stale: the stale listings the Dashboard names (0080).
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { OffersQuerySchema } from '../contract/offers.ts'
import { FloorsQuerySchema, MarkdownPauseSchema, PriceRulesSchema, TypedFloorSchema } from '../contract/price-rules.ts'
import { requireUser } from '../middleware/session.ts'
import type { Markdowns } from '../services/pricing/markdowns.ts'
import type { Offers } from '../services/pricing/offers.ts'
import type { PriceRulesService } from '../services/pricing/price-rules.ts'
import { IdParamSchema, valid } from '../validate.ts'

export function priceRuleRoutes(rules: PriceRulesService, markdowns: Markdowns, offers: Offers) {
  return new Hono<AppEnv>()
    .get('/price-rules', async (c) => c.json(await rules.view(requireUser(c).id), 200))
    .put('/price-rules', valid('json', PriceRulesSchema), async (c) =>
      c.json(await rules.change(requireUser(c).id, c.req.valid('json')), 200),
    )
    .get('/price-rules/floors', valid('query', FloorsQuerySchema), async (c) =>
      c.json(await rules.floors(requireUser(c).id, c.req.valid('query').ids), 200),
    )
    .get('/price-rules/stale', async (c) => c.json(await rules.stale(requireUser(c).id), 200))
    .get('/price-rules/next', async (c) => c.json(await markdowns.preview(requireUser(c).id), 200))
    .post('/price-rules/run', async (c) => {
      const run = await markdowns.run(requireUser(c).id)
      return c.json({ run }, 200)
    })
    .post('/price-rules/runs/:id/undo', valid('param', IdParamSchema), async (c) =>
      c.json(await markdowns.undo(requireUser(c).id, c.req.valid('param').id), 200),
    )
    .get('/offers', valid('query', OffersQuerySchema), async (c) =>
      c.json(await offers.page(requireUser(c).id, c.req.valid('query').before ?? null), 200),
    )
    .get('/listings/:id/floor', valid('param', IdParamSchema), async (c) =>
      c.json(await rules.floor(requireUser(c).id, c.req.valid('param').id), 200),
    )
    .put('/listings/:id/floor', valid('param', IdParamSchema), valid('json', TypedFloorSchema), async (c) =>
      c.json(await rules.typeFloor(requireUser(c).id, c.req.valid('param').id, c.req.valid('json').floor), 200),
    )
    .put('/listings/:id/markdowns', valid('param', IdParamSchema), valid('json', MarkdownPauseSchema), async (c) =>
      c.json(await rules.pauseMarkdowns(requireUser(c).id, c.req.valid('param').id, c.req.valid('json').paused), 200),
    )
}
