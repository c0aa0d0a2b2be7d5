// Serves the built app from dist/ (docs/decisions/0014): each public screen as its own prerendered page, the Dashboard
// rendered for the signed-in seller who opens it (docs/decisions/0019), the other screens' addresses with the app's page
// (the client router shows them), any other path with the prerendered 404. Files go out as the build compressed them
// (brotli or gzip beside each one), hashed assets cached for a year, everything else revalidated.
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Context, Hono, Next } from 'hono'
import type { AppEnv } from './app-env.ts'
import { SIGNED_IN_HINT_COOKIE } from './contract/session-hint.ts'
import { SERVER_RENDERED_PATHS } from './contract/signed-in-page.ts'
import { requestCookie } from './middleware/read-cookie.ts'
import { writeSignedInHint } from './middleware/session.ts'
import { acceptedEncoding, type Encoding } from './middleware/compress.ts'
import { SESSION_COOKIE } from './services/accounts/sessions.ts'
import { PAGES_MANIFEST, type PagesManifest } from './pages-manifest.ts'
import { loadSignedInPageRenderer } from './signed-in-page.ts'

const NOT_BUILT = 'Snaplist is not built yet: run npm run build (npm start does it), then restart.'

/**
 * A page that may belong to someone signed in: when the browser brings a session cookie, the session check and the
 * signed-in frame's code are hinted with the document, and the page's hint cookie is set if a session from before it
 * lacks it (the server checks the session itself on /api/user, and clears both when it is not valid).
 */
function hintSignedInShell(c: Context<AppEnv>, manifest: PagesManifest) {
  if (!requestCookie(c, SESSION_COOKIE)) return
  const links = [
    '</api/user>; rel=preload; as=fetch; crossorigin=use-credentials',
    ...manifest.shellPreloads.map((file) => `<${file}>; rel=modulepreload; crossorigin`),
  ]
  c.header('Link', links.join(', '))
  keepSignedInHint(c)
}

function keepSignedInHint(c: Context<AppEnv>) {
  // The hint holds no secret; Secure only where this request itself came over HTTPS.
  if (!requestCookie(c, SIGNED_IN_HINT_COOKIE)) writeSignedInHint(c, new URL(c.req.url).protocol === 'https:')
}

/** dist/pages.json, read once at start; undefined before a build (each page request then says so). */
export function readPagesManifest(distDir: string): PagesManifest | undefined {
  try {
    return JSON.parse(readFileSync(path.join(distDir, PAGES_MANIFEST), 'utf8')) as PagesManifest
  } catch {
    return undefined
  }
}

/**
 * The built app in dist/, its manifest read once: what the Content-Security-Policy must allow of its pages (the
 * stylesheet the build inlined, by its hash: createApp's inlineStyleHashes) and the routes that serve it.
 */
export function builtApp(distDir: string) {
  const pages = readPagesManifest(distDir)
  return {
    inlineStyleHashes: pages?.inlineStyleHashes ?? [],
    mount: (app: Hono<AppEnv>) => mountBuiltApp(app, distDir, pages),
  }
}

export function mountBuiltApp(app: Hono<AppEnv>, distDir: string, manifest = readPagesManifest(distDir)) {
  const root = path.relative(process.cwd(), distDir) || '.'
  const serveFile = (file: string) => serveStatic({ root, path: file, precompressed: true })
  const renderSignedIn = manifest && loadSignedInPageRenderer(distDir, manifest.server)
  /** The Dashboard for the seller the session middleware found (api/app.ts), or undefined to let the browser draw it. */
  const signedInPage = async (c: Context<AppEnv>) => {
    const user = c.get('user')
    const render = await renderSignedIn
    if (!user || !render || !SERVER_RENDERED_PATHS.includes(c.req.path) || new URL(c.req.url).search) return undefined
    const html = await render(c.req.path, user)
    if (!html) return undefined
    keepSignedInHint(c)
    // This seller's page, their details inside: no cache may keep it (not even the browser's, on a shared computer
    // after they sign out), and it differs by session.
    c.header('Cache-Control', 'no-store')
    c.header('Vary', 'Cookie')
    // Compressed on its way out, as every text answer (api/middleware/compress.ts).
    return c.body(html, 200, htmlType)
  }

  app.use('/assets/*', async (c, next) => {
    await next()
    // Set on the answer itself: c.header() after next() would copy the answer (api/middleware/no-store.ts).
    if (c.res.ok) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable')
  })
  app.use('*', async (c, next) => {
    await next()
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-cache')
  })
  app.get('*', async (c, next: Next) => {
    if (!manifest) return c.text(NOT_BUILT, 503)
    const page = manifest.pages[c.req.path]
    if (page) return serveFile(page)(c, next)
    // The server's own renderer, and the source maps: those stay on this disk for whoever debugs here, as they would
    // show anyone the whole source, comments and all (issue 27, F15).
    if (c.req.path.startsWith(`/${manifest.server.dir}/`) || isSourceMap(c.req.path))
      return notFoundPage(c, distDir, manifest.notFound)
    if (!manifest.routes.includes(c.req.path)) return next()
    const rendered = await signedInPage(c)
    if (rendered) return rendered
    hintSignedInShell(c, manifest)
    return serveFile(manifest.appPage)(c, next)
  })
  app.get('*', serveStatic({ root, precompressed: true }))
  app.get('*', async (c) => notFoundPage(c, distDir, manifest!.notFound))
}

/** A source map's address, however it is spelled (serveStatic would find `.MAP` or `%2Emap` on some disks too). */
const isSourceMap = (requestPath: string) => /\.map$/i.test(safeDecode(requestPath))
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** The prerendered 404 page with its status (serveStatic answers 200 only), compressed as the browser accepts. */
async function notFoundPage(c: Context<AppEnv>, distDir: string, page: string) {
  const encoding = acceptedEncoding(c.req.header('Accept-Encoding'))
  c.header('Vary', 'Accept-Encoding', { append: true })
  if (encoding) c.header('Content-Encoding', encoding)
  return c.body(await readFile(path.join(distDir, page + (encoding ? BUILT_SUFFIXES[encoding] : ''))), 404, htmlType)
}

/** The build writes a brotli and a gzip file beside each page (scripts/vite-precompress.ts). */
const BUILT_SUFFIXES: Record<Encoding, string> = { br: '.br', gzip: '.gz' }
const htmlType = { 'Content-Type': 'text/html; charset=utf-8' }
