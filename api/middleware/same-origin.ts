// Refuses state-changing requests that a browser sent from another site (CSRF). Requests with no Origin and no
// Sec-Fetch-Site come from non-browser clients, which cookies alone cannot forge.
import { createMiddleware } from 'hono/factory'
import { forbidden } from '../errors.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export function sameOriginMiddleware(extraOrigins: string[] = []) {
  return createMiddleware(async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin')
      const fetchSite = c.req.header('sec-fetch-site')
      const allowed = new Set([new URL(c.req.url).origin, ...extraOrigins])
      const foreignOrigin = origin !== undefined && !allowed.has(origin)
      const foreignSite = origin === undefined && (fetchSite === 'cross-site' || fetchSite === 'same-site')
      if (foreignOrigin || foreignSite) {
        throw forbidden('This request came from another website and was refused. Open Snaplist directly and try again.')
      }
    }
    await next()
  })
}
