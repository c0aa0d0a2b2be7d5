// The security headers every response carries: a Content-Security-Policy that allows only what the app loads, no
// MIME sniffing, no framing, a referrer that never leaves the origin with a path, and HSTS when served over https.
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'

export interface ContentSources {
  /** Where stored photos are fetched from when that is not this server (the Supabase Storage origin). */
  photoOrigin?: string
  /** Sign in with Google is on: its script draws the button in Google's frame, with Google's stylesheet. */
  googleSignIn: boolean
  /** The built pages' inlined stylesheet, by its hash ('sha256-…', written by the build into dist/pages.json). */
  inlineStyleHashes?: string[]
}

// Google's documented sources for Sign in with Google (developers.google.com/identity/gsi/web/guides/get-google-api-clientid).
const GOOGLE_SIGN_IN = {
  script: 'https://accounts.google.com/gsi/client',
  style: 'https://accounts.google.com/gsi/style',
  frame: 'https://accounts.google.com/gsi/',
  connect: 'https://accounts.google.com/gsi/',
}

/**
 * Nothing is allowed unless listed (a directive with no sources falls back to default-src 'none'): scripts only from
 * our own files, never inline; styles from our own files and the one stylesheet the build inlined, by its hash.
 */
export function contentSecurityPolicy({ photoOrigin, googleSignIn, inlineStyleHashes = [] }: ContentSources): string {
  const google = (source: keyof typeof GOOGLE_SIGN_IN) => (googleSignIn ? [GOOGLE_SIGN_IN[source]] : [])
  const photos = photoOrigin ? [photoOrigin] : []
  const directives: Record<string, string[]> = {
    'default-src': ["'none'"],
    // 'wasm-unsafe-eval' compiles WebAssembly (the barcode decoder, docs/decisions/0046); it allows no JavaScript eval.
    'script-src': ["'self'", "'wasm-unsafe-eval'", ...google('script')],
    'style-src': ["'self'", ...inlineStyleHashes, ...google('style')],
    // blob: shows a draft's photos straight from IndexedDB before they are uploaded.
    'img-src': ["'self'", 'blob:', ...photos],
    // The service worker fetches listing thumbnails itself, so the photo origin is a connect source too.
    'connect-src': ["'self'", ...photos, ...google('connect')],
    'frame-src': google('frame'),
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  }
  return Object.entries(directives)
    .filter(([, sources]) => sources.length > 0)
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ')
}

const ONE_YEAR_SECONDS = 31_536_000

// The build's scripts and stylesheets are never a document or a worker: a policy, a frame rule or a referrer rule on
// them does nothing (the page's own govern what they do), and each header is bytes every phone downloads with every
// file (issue 26). nosniff, which is about the file itself, stays.
const isBuiltScriptOrStyle = (c: Context) => /^\/assets\/[^/]+\.(js|css)$/.test(c.req.path)

export function securityHeaders(sources: ContentSources, isSecure: (c: Context) => boolean) {
  const policy = contentSecurityPolicy(sources)
  return createMiddleware(async (c, next) => {
    await next()
    const headers = c.res.headers
    headers.set('X-Content-Type-Options', 'nosniff')
    if (isSecure(c)) headers.set('Strict-Transport-Security', `max-age=${ONE_YEAR_SECONDS}`)
    if (isBuiltScriptOrStyle(c)) return
    // A route may have set a stricter policy of its own (stored photos are sandboxed): that one stands.
    if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', policy)
    headers.set('X-Frame-Options', 'DENY')
    // The origin only: reset-link tokens and OAuth codes travel in our URLs, and must not reach other sites.
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
  })
}
