// Serves the built app from dist/ (docs/decisions/0014): each public screen as its own prerendered page, the other
// screens' addresses with index.html (the client router shows them), any other path with the prerendered 404. Files
// go out as the build compressed them (brotli or gzip beside each one), hashed assets cached for a year, everything
// else revalidated.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Context, Hono, Next } from 'hono'
import { getCookie } from 'hono/cookie'
import type { AppEnv } from './app-env.ts'
import { SIGNED_IN_HINT_COOKIE } from './contract/session-hint.ts'
import { writeSignedInHint } from './middleware/session.ts'
import { SESSION_COOKIE } from './services/accounts/sessions.ts'

/** What the build writes to dist/pages.json (scripts/vite-prerender.ts). */
interface PagesManifest {
  pages: Record<string, string>
  routes: string[]
  notFound: string
  shellPreloads: string[]
}

const NOT_BUILT = 'Snaplist is not built yet: run npm run build (npm start does it), then restart.'

/**
 * A page that may belong to someone signed in: when the browser brings a session cookie, the session check and the
 * signed-in frame's code are hinted with the document, and the page's hint cookie is set if a session from before it
 * lacks it (the server checks the session itself on /api/user, and clears both when it is not valid).
 */
function hintSignedInShell(c: Context<AppEnv>, manifest: PagesManifest) {
  if (!getCookie(c, SESSION_COOKIE)) return
  const links = ['</api/user>; rel=preload; as=fetch; crossorigin=use-credentials', ...manifest.shellPreloads.map((file) => `<${file}>; rel=modulepreload; crossorigin`)]
  c.header('Link', links.join(', '))
  // The hint holds no secret; Secure only where this request itself came over HTTPS.
  if (!getCookie(c, SIGNED_IN_HINT_COOKIE)) writeSignedInHint(c, new URL(c.req.url).protocol === 'https:')
}

export function mountBuiltApp(app: Hono<AppEnv>, distDir: string) {
  const root = path.relative(process.cwd(), distDir) || '.'
  // Read once; missing (the app not built yet) is said on each page request instead of ending the process.
  const manifest = readFile(path.join(distDir, 'pages.json'), 'utf8').then(
    (json) => JSON.parse(json) as PagesManifest,
    () => undefined,
  )
  const serveFile = (file: string) => serveStatic({ root, path: file, precompressed: true })

  app.use('/assets/*', async (c, next) => {
    await next()
    if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable')
  })
  app.use('*', async (c, next) => {
    await next()
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-cache')
  })
  app.get('*', async (c, next: Next) => {
    const pages = await manifest
    if (!pages) return c.text(NOT_BUILT, 503)
    const page = pages.pages[c.req.path]
    if (page) return serveFile(page)(c, next)
    if (!pages.routes.includes(c.req.path)) return next()
    hintSignedInShell(c, pages)
    return serveFile('index.html')(c, next)
  })
  app.get('*', serveStatic({ root, precompressed: true }))
  app.get('*', async (c) => notFoundPage(c, distDir, (await manifest)!.notFound))
}

const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const

/** The prerendered 404 page with its status (serveStatic answers 200 only), compressed as the browser accepts. */
async function notFoundPage(c: Context<AppEnv>, distDir: string, page: string) {
  const accepted = (c.req.header('Accept-Encoding') ?? '').split(',').map((encoding) => encoding.trim().split(';')[0])
  const [encoding, suffix] = ENCODINGS.find(([name]) => accepted.includes(name)) ?? [undefined, '']
  c.header('Vary', 'Accept-Encoding')
  if (encoding) c.header('Content-Encoding', encoding)
  return c.body(await readFile(path.join(distDir, page + suffix)), 404, { 'Content-Type': 'text/html; charset=utf-8' })
}
