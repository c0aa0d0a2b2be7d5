import { createHash, randomUUID } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../../api/app.ts'
import { createLocalAnalyzer } from '../../../api/services/listings/analyzer/local.ts'
import { createGoogleIdentity } from '../../../api/services/accounts/google-identity.ts'
import { createSupabaseStorage } from '../../../api/services/listings/supabase-storage.ts'
import type { PagesManifest } from '../../../api/pages-manifest.ts'
import { builtApp, mountBuiltApp } from '../../../api/static.ts'
import { TEST_GOOGLE_CLIENT_ID } from '../../helpers/google-tokens.ts'
import { photoForm, solidJpeg } from '../../helpers/images.ts'
import { client, createTestApp, readJson, registeredClient, type TestApp } from '../../helpers/test-app.ts'

// As the build writes it: the hash of the stylesheet it inlined in the pages (scripts/vite-prerender.ts).
const INLINED_STYLE = `'sha256-${createHash('sha256').update('body{margin:0}').digest('base64')}'`

let t: TestApp
let distDir: string
let photoUrl: string

/** The Content-Security-Policy as directive → sources. */
function policyOf(response: Response): Map<string, string[]> {
  const header = response.headers.get('content-security-policy') ?? ''
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  )
}

function expectProtected(response: Response) {
  const policy = policyOf(response)
  expect(policy.get('default-src')).toEqual(["'none'"])
  expect(policy.get('object-src')).toEqual(["'none'"])
  expect(policy.get('frame-ancestors')).toEqual(["'none'"])
  expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  expect(response.headers.get('x-frame-options')).toBe('DENY')
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  expect(response.headers.get('strict-transport-security')).toBeNull()
}

beforeAll(async () => {
  t = await createTestApp()
  distDir = await mkdtemp(path.join(os.tmpdir(), 'snaplist-dist-'))
  await mkdir(path.join(distDir, 'assets'))
  await writeFile(
    path.join(distDir, 'index.html'),
    '<!doctype html><title>Snaplist</title><script type="module" src="/assets/app.js"></script>',
  )
  await writeFile(path.join(distDir, 'assets', 'app.js'), 'console.log("app")')
  await writeFile(path.join(distDir, 'sw.js'), 'self.addEventListener("fetch", () => {})')
  await writeFile(path.join(distDir, 'auth.html'), '<!doctype html><title>Sign in</title>')
  await writeFile(path.join(distDir, '404.html'), '<!doctype html><title>Not found</title>')
  // No server renderer in this build: the pages go out as the app's page (tests/api/signed-in-page.test.ts has one).
  const pages = {
    pages: { '/auth': 'auth.html' },
    routes: ['/', '/list-item', '/auth'],
    appPage: 'index.html',
    notFound: '404.html',
    shellPreloads: ['/assets/app.js'],
    server: { dir: 'server', renderer: 'server/entry-server.js', signedInTemplate: 'server/signed-in.html' },
    inlineStyleHashes: [INLINED_STYLE],
  } satisfies PagesManifest
  await writeFile(path.join(distDir, 'pages.json'), JSON.stringify(pages))
  mountBuiltApp(t.app, distDir)
  const seller = await registeredClient(t.app, 'headers')
  const upload = await seller.post(
    '/api/images',
    photoForm(await solidJpeg({ r: 10, g: 20, b: 30 }), { id: randomUUID() }),
  )
  photoUrl = (await readJson(upload)).imageUrl
})
afterAll(async () => {
  await t.close()
  await rm(distDir, { recursive: true, force: true })
})

describe('security headers', () => {
  it.each([
    ['an API answer', '/api/health', 200],
    ['an API refusal', '/api/user', 401],
    ['an unknown API route', '/api/no-such-route', 404],
    ['the app page', '/', 200],
    ['a screen the client router draws', '/list-item', 200],
    ['a prerendered screen', '/auth', 200],
    ['a path no screen has', '/no-such-screen', 404],
    ['the service worker', '/sw.js', 200],
    ['a photo that does not exist', '/files/u1/0123456789abcdef.jpg', 404],
  ])('are on %s', async (_kind, url, status) => {
    const response = await client(t.app).get(url)
    expect(response.status).toBe(status)
    expectProtected(response)
  })

  it("are a script's own on a script of the app: nosniff, and none of a document's (they would do nothing there)", async () => {
    const response = await client(t.app).get('/assets/app.js')
    expect(response.status).toBe(200)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('content-security-policy')).toBeNull()
    expect(response.headers.get('x-frame-options')).toBeNull()
  })

  it('a page opened with a session cookie hints the session check and the signed-in code, and leaves the page a hint', async () => {
    const seller = await registeredClient(t.app, 'hinted')
    const page = await seller.get('/')
    expect(page.headers.get('link')).toBe(
      '</api/user>; rel=preload; as=fetch; crossorigin=use-credentials, </assets/app.js>; rel=modulepreload; crossorigin',
    )
    expect(page.headers.get('set-cookie')).toMatch(/^snaplist_signed_in=1; Path=\/; SameSite=Lax$/)
    const anonymous = await client(t.app).get('/')
    expect(anonymous.headers.get('link')).toBeNull()
    expect(anonymous.headers.get('set-cookie')).toBeNull()
  })

  it('let the page run only its own scripts and styles, never inline code, and send data only to its own server', async () => {
    const policy = policyOf(await client(t.app).get('/'))
    expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"])
    expect(policy.get('style-src')).toEqual(["'self'"])
    expect(policy.get('connect-src')).toEqual(["'self'"])
    expect(policy.get('img-src')).toEqual(["'self'", 'blob:'])
    expect(policy.get('base-uri')).toEqual(["'self'"])
    expect(policy.get('form-action')).toEqual(["'self'"])
    expect(policy.has('frame-src')).toBe(false)
  })

  it('serve a stored photo as the image it is, sandboxed, so it can never run as a page', async () => {
    const response = await client(t.app).get(photoUrl)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/jpeg')
    expect(response.headers.get('content-disposition')).toMatch(/^inline; filename="[0-9a-f]{32}\.jpg"$/)
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    const thumbnail = await client(t.app).get(photoUrl.replace(/\.jpg$/, '-thumb.webp'))
    expect(thumbnail.headers.get('content-type')).toBe('image/webp')
  })
})

describe('security headers with outside services and https', () => {
  // The same database, another app: served at an https address, with Google sign-in and photos in Supabase Storage.
  const configuredDeps = () => ({
    sql: t.db.sql,
    config: {
      publicUrl: 'https://snaplist.example',
      appUrl: 'https://snaplist.example',
      https: false,
      trustProxy: false,
    },
    storage: createSupabaseStorage({ url: 'https://project.supabase.co', serviceKey: 'unused', bucket: 'photos' }),
    analyzer: createLocalAnalyzer(),
    google: createGoogleIdentity({ clientId: TEST_GOOGLE_CLIENT_ID }),
  })
  const configured = () => createApp(configuredDeps())

  it("allow the stylesheet the build inlined in its pages by that text's hash alone, never any inline style", async () => {
    const dist = builtApp(distDir)
    expect(dist.inlineStyleHashes).toEqual([INLINED_STYLE])
    const built = createApp({ ...configuredDeps(), inlineStyleHashes: dist.inlineStyleHashes })
    dist.mount(built)
    const policy = policyOf(await client(built).get('/auth'))
    expect(policy.get('style-src')).toEqual(["'self'", INLINED_STYLE, 'https://accounts.google.com/gsi/style'])
    expect(policy.get('style-src')).not.toContain("'unsafe-inline'")
    // Before a build there is nothing inlined to allow.
    expect(builtApp(path.join(distDir, 'not-built')).inlineStyleHashes).toEqual([])
  })

  it('tell browsers to use https only when the app is served over https', async () => {
    const response = await client(configured()).get('/api/health')
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000')
  })

  it("allow Google's sign-in script, frame and stylesheet, and photos from the storage bucket's site, when they are configured", async () => {
    const policy = policyOf(await client(configured()).get('/api/auth/config'))
    expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", 'https://accounts.google.com/gsi/client'])
    expect(policy.get('style-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/style'])
    expect(policy.get('frame-src')).toEqual(['https://accounts.google.com/gsi/'])
    expect(policy.get('img-src')).toEqual(["'self'", 'blob:', 'https://project.supabase.co'])
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'https://project.supabase.co',
      'https://accounts.google.com/gsi/',
    ])
  })
})
