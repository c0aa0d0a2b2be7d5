// Counts a signed-in seller's request to a route that may ask a marketplace on the app's own allowance (issue 46 G3):
// after its input is validated (a refused request costs nothing), before its work; 429 past the seller's limits.
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../app-env.ts'
import type { LookupLimiter } from '../services/lookup-limits.ts'
import { requireUser } from './session.ts'

export const countsAsLookup = (limiter: LookupLimiter) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await limiter.seller(requireUser(c).id)
    await next()
  })
