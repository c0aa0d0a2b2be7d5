// /api/bulk-posts: many listings posted at once to every marketplace the seller chose, and how each went there
// (docs/product.md §17, decision 0064); and /api/listings/{id}/guesses-checked: the seller looked at what its check
// showed Snaplist guessed (issue 47).
import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { BulkPostInputSchema } from '../contract/bulk-post.ts'
import { GuessesCheckedSchema } from '../contract/guesses.ts'
import { requireUser } from '../middleware/session.ts'
import type { BulkPoster } from '../services/selling/bulk-post.ts'
import { IdParamSchema, valid } from '../validate.ts'

export function bulkPostRoutes(poster: BulkPoster) {
  return new Hono<AppEnv>()
    .post('/bulk-posts', valid('json', BulkPostInputSchema), async (c) => {
      const { post, created } = await poster.start(requireUser(c).id, c.req.valid('json'))
      return c.json(post, created ? 202 : 200)
    })
    .get('/bulk-posts/:id', valid('param', IdParamSchema), async (c) =>
      c.json(await poster.view(requireUser(c).id, c.req.valid('param').id), 200),
    )
    .post(
      '/listings/:id/guesses-checked',
      valid('param', IdParamSchema),
      valid('json', GuessesCheckedSchema),
      async (c) =>
        c.json(await poster.checkGuesses(requireUser(c).id, c.req.valid('param').id, c.req.valid('json')), 200),
    )
}
