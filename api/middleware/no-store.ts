// Cache-Control: no-store on the API's JSON answers: they are a seller's own data (or say who is signed in), so no
// browser cache, shared proxy or back/forward cache may keep a copy for the next person at the same device. A 401
// names nobody and is left alone: marked no-store, Chromium's preload of /api/user (the 401 a signed-out page starts
// with, index.html) stayed pending for good once the service worker controlled the page, and the screen never drew.
import { createMiddleware } from 'hono/factory'

export function noStoreForJson() {
  return createMiddleware(async (c, next) => {
    await next()
    const isJson = c.res.headers.get('content-type')?.startsWith('application/json') === true
    // On the answer's own headers: c.header() after next() copies the whole answer into a new one, which on Node turned
    // every JSON reply's body into a stream to be read back (a third of /api/user's time, issue 31).
    if (isJson && c.res.status !== 401 && !c.res.headers.has('cache-control'))
      c.res.headers.set('Cache-Control', 'no-store')
  })
}
