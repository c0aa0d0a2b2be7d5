// Refuses state-changing requests that a browser sent from another site (CSRF). Requests with no Origin and no
// Sec-Fetch-Site come from non-browser clients, which cookies alone cannot forge.
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../app-env.ts'
import { forbidden } from '../errors.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

const fromAnotherSite = () =>
  forbidden('This request came from another website and was refused. Open Snaplist directly and try again.')

function isFromAnotherSite(c: Context, extraOrigins: string[]): boolean {
  const origin = c.req.header('origin')
  const fetchSite = c.req.header('sec-fetch-site')
  const allowed = new Set([new URL(c.req.url).origin, ...extraOrigins])
  const foreignOrigin = origin !== undefined && !allowed.has(origin)
  const foreignSite = origin === undefined && (fetchSite === 'cross-site' || fetchSite === 'same-site')
  return foreignOrigin || foreignSite
}

/** Refuses another site's unsafe requests, and notes for every request whether it came from another site. */
export function sameOriginMiddleware(extraOrigins: string[] = []) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const foreign = isFromAnotherSite(c, extraOrigins)
    if (foreign && !SAFE_METHODS.has(c.req.method)) throw fromAnotherSite()
    c.set('fromAnotherSite', foreign)
    await next()
  })
}

/**
 * For the GETs SPEC keeps GETs although they keep something (starting a marketplace authorization, the eBay category
 * found for a listing): another site's link, image or frame must not make them do it with the seller's cookies.
 */
export const sameSiteOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get('fromAnotherSite')) throw fromAnotherSite()
  await next()
})
