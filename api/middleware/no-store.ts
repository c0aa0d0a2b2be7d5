// Cache-Control: no-store on the API's JSON answers: they are a seller's own data (or say who is signed in), so no
// browser cache, shared proxy or back/forward cache may keep a copy for the next person at the same device.
import { createMiddleware } from 'hono/factory'

export function noStoreForJson() {
  return createMiddleware(async (c, next) => {
    await next()
    const isJson = c.res.headers.get('content-type')?.startsWith('application/json') === true
    if (isJson && !c.res.headers.has('cache-control')) c.header('Cache-Control', 'no-store')
  })
}
