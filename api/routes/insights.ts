// GET /api/insights and GET /api/insights/sales: the signed-in seller's figures and the sales behind them
// (docs/decisions/0043), their own only.
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { InsightSalesQuerySchema, InsightsQuerySchema } from '../contract/insights.ts'
import { requireUser } from '../middleware/session.ts'
import type { InsightsService } from '../services/insights/insights.ts'
import { valid } from '../validate.ts'

export function insightRoutes(insights: InsightsService) {
  return new Hono<AppEnv>()
    .get('/insights', valid('query', InsightsQuerySchema), async (c) =>
      c.json(await insights.insights(requireUser(c).id, c.req.valid('query')), 200),
    )
    .get('/insights/sales', valid('query', InsightSalesQuerySchema), async (c) =>
      c.json(await insights.salesBehind(requireUser(c).id, c.req.valid('query')), 200),
    )
}
