// Refuses state-changing requests that a browser sent from another site (CSRF). Requests with no Origin and no
// Sec-Fetch-Site come from non-browser clients, which cookies alone cannot forge.
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../app-env.ts'
import { forbidden } from '../errors.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

const fromAnotherSite = () =>
  forbidden('This request came from another website and was refused. Open Snaplist directly and try again.')

function isFromAnotherSite(c: Context, extraOrigins: ReadonlySet<string>): boolean {
  const origin = c.req.header('origin')
  if (origin === undefined) {
    const fetchSite = c.req.header('sec-fetch-site')
    return fetchSite === 'cross-site' || fetchSite === 'same-site'
  }
  // Only now the request's own address is parsed: a browser's same-origin GET sends no Origin (every screen's reads).
  return !extraOrigins.has(origin) && origin !== new URL(c.req.url).origin
}

/** Refuses another site's unsafe requests, and notes for every request whether it came from another site. */
export function sameOriginMiddleware(extraOrigins: string[] = []) {
  const extra = new Set(extraOrigins)
  return createMiddleware<AppEnv>(async (c, next) => {
    const foreign = isFromAnotherSite(c, extra)
    if (foreign && !SAFE_METHODS.has(c.req.method)) throw fromAnotherSite()
    c.set('fromAnotherSite', foreign)
    await next()
  })
}

/**
 * For the GETs SPEC keeps GETs although they keep something (starting a marketplace authorization, the marketplace
 * category found for a listing): another site's link, image or frame must not make them do it with the seller's cookies.
 */
export const sameSiteOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get('fromAnotherSite')) throw fromAnotherSite()
  await next()
})
