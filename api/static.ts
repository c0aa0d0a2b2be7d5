// Serves the built app from dist/: compressed, hashed assets cached for a year, everything else revalidated, and any
// other non-API path answered with index.html so the client router can show the screen (or its 404).
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Hono } from 'hono'
import { compress } from 'hono/compress'
import type { AppEnv } from './app-env.ts'

export function mountBuiltApp(app: Hono<AppEnv>, distDir: string) {
  const root = path.relative(process.cwd(), distDir) || '.'
  // Read once; missing (the app not built yet) is said on each page request instead of ending the process.
  const indexHtml = readFile(path.join(distDir, 'index.html'), 'utf8').catch(() => undefined)

  app.use('/assets/*', async (c, next) => {
    await next()
    if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable')
  })
  app.use('*', async (c, next) => {
    await next()
    if (c.res.ok && !c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-cache')
  })
  // A phone on a slow network pays for every byte: the app's JavaScript is a third of its size gzipped.
  app.use('*', compress({ encoding: 'gzip' }))
  app.get('*', serveStatic({ root }))
  app.get('*', async (c) => {
    const html = await indexHtml
    return html === undefined ? c.text('Snaplist is not built yet: run npm run build (npm start does it), then restart.', 503) : c.html(html)
  })
}
