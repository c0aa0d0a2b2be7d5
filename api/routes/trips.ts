// GET/POST /api/trips, PATCH/DELETE /api/trips/{id} and PUT /api/mileage-rates/{year}: the signed-in seller's business
// drives and the rate a year's miles are deducted at (docs/decisions/0061), their own only.
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { MileageRateInputSchema } from '../contract/mileage.ts'
import { YearParamSchema } from '../contract/tax-year-inputs.ts'
import { TripEditSchema, TripInputSchema, TripsQuerySchema } from '../contract/trips.ts'
import { requireUser } from '../middleware/session.ts'
import type { TripsService } from '../services/tax-year/trips.ts'
import { IdParamSchema, valid } from '../validate.ts'

export function tripRoutes(trips: TripsService) {
  return new Hono<AppEnv>()
    .get('/trips', valid('query', TripsQuerySchema), async (c) =>
      c.json(await trips.list(requireUser(c).id, c.req.valid('query')), 200),
    )
    .post('/trips', valid('json', TripInputSchema), async (c) => {
      const { trip, created } = await trips.create(requireUser(c).id, c.req.valid('json'))
      return c.json(trip, created ? 201 : 200)
    })
    .patch('/trips/:id', valid('param', IdParamSchema), valid('json', TripEditSchema), async (c) =>
      c.json(await trips.update(requireUser(c).id, c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .delete('/trips/:id', valid('param', IdParamSchema), async (c) => {
      await trips.remove(requireUser(c).id, c.req.valid('param').id)
      return c.json({ message: 'Trip deleted.' }, 200)
    })
    .put('/mileage-rates/:year', valid('param', YearParamSchema), valid('json', MileageRateInputSchema), async (c) =>
      c.json(await trips.setRate(requireUser(c).id, c.req.valid('param').year, c.req.valid('json').centsPerMile), 200),
    )
}
