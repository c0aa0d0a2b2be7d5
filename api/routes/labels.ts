// GET /api/labels?ids=…&paper=…&start=…: what the labels of the seller's chosen listings carry (docs/decisions/0044), in
// the order asked, their own listings only, and how they fall on the paper's sheets.
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { LabelsQuerySchema } from '../contract/labels.ts'
import { requireUser } from '../middleware/session.ts'
import type { LabelsFor } from '../services/listings/labels.ts'
import { valid } from '../validate.ts'

export function labelRoutes(labelsFor: LabelsFor) {
  return new Hono<AppEnv>().get('/labels', valid('query', LabelsQuerySchema), async (c) =>
    c.json(await labelsFor(requireUser(c).id, c.req.valid('query')), 200),
  )
}
