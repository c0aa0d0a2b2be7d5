// The Dashboard the server renders for the signed-in seller who opens it (api/signed-in-page.ts, docs/decisions/0019):
// only for that seller's own session, never cached for others, never when the renderer fails or is slow, and the
// renderer's own files are never served. The real renderer (the build's) is exercised by tests/e2e/prerender.spec.ts;
// here a stand-in renderer in a scratch build folder behaves as the test needs.
import { randomUUID } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { SIGNED_IN_USER_ELEMENT_ID } from '../../api/contract/signed-in-page.ts'
import { mountBuiltApp } from '../../api/static.ts'
import { client, createTestApp, registeredClient, type TestApp } from '../helpers/test-app.ts'
import type { PagesManifest } from '../../api/pages-manifest.ts'

let t: TestApp
let distDir: string

const INDEX = '<!doctype html><title>Snaplist</title><div id="root"></div>'
// Renders the user's name; a seller named slow… makes it hang, broken… makes it throw.
const RENDERER = `
export async function renderPage(href, user) {
  if (user.username.startsWith('slow')) await new Promise(() => {})
  if (user.username.startsWith('broken')) throw new Error('render failed')
  return { html: '<h1>Hello, ' + user.username + '</h1>', signature: href }
}
`

beforeAll(async () => {
  t = await createTestApp()
  distDir = await mkdtemp(path.join(os.tmpdir(), 'snaplist-dist-'))
  await mkdir(path.join(distDir, 'server'))
  await writeFile(path.join(distDir, 'index.html'), INDEX)
  await writeFile(path.join(distDir, '404.html'), '<!doctype html><title>Not found</title>')
  await writeFile(path.join(distDir, 'server', 'entry-server.js'), RENDERER)
  await writeFile(
    path.join(distDir, 'server', 'signed-in.html'),
    '<!doctype html><title>Snaplist</title><div id="root"></div>',
  )
  const pages = {
    pages: {},
    routes: ['/', '/list-item'],
    appPage: 'index.html',
    notFound: '404.html',
    shellPreloads: [],
    server: { dir: 'server', renderer: 'server/entry-server.js', signedInTemplate: 'server/signed-in.html' },
    inlineStyleHashes: [],
  } satisfies PagesManifest
  await writeFile(path.join(distDir, 'pages.json'), JSON.stringify(pages))
  mountBuiltApp(t.app, distDir)
})
afterAll(async () => {
  await t.close()
  await rm(distDir, { recursive: true, force: true })
})

/** The user JSON the page carries, if any. */
function userInPage(html: string) {
  const match = new RegExp(`<script type="application/json" id="${SIGNED_IN_USER_ELEMENT_ID}">(.*?)</script>`).exec(
    html,
  )
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : undefined
}

describe('the Dashboard rendered on the server', () => {
  it('is drawn for the signed-in seller, with what /api/user says of them and nothing more, and kept from every cache', async () => {
    const seller = await registeredClient(t.app, 'rita', { firstName: '</script><script>alert(1)</script>' })
    const asApiSays = await (await seller.get('/api/user')).json()
    const response = await seller.get('/')
    expect(response.status).toBe(200)
    // With the seller's details inside, no cache keeps it, the browser's included (issue 27, item 16).
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('vary')).toContain('Cookie')
    const html = await response.text()
    expect(html).toContain('<div id="root" data-prerendered="/"><h1>Hello, rita</h1></div>')
    // The name cannot end the script element: the JSON has no '<' in it.
    expect(html).not.toContain('<script>alert(1)')
    expect(userInPage(html)).toEqual(asApiSays)
  })

  it('is not drawn for a visitor without a session, or with one that has ended', async () => {
    expect(await (await client(t.app).get('/')).text()).toBe(INDEX)
    const seller = await registeredClient(t.app, 'sam')
    const session = seller.cookie
    await seller.post('/api/logout')
    const stale = client(t.app)
    stale.cookie = session
    const response = await stale.get('/')
    expect(await response.text()).toBe(INDEX)
    expect(response.headers.get('set-cookie')).toContain('snaplist_session=;')
  })

  it('leaves other addresses, and the Dashboard with a query, to the browser', async () => {
    const seller = await registeredClient(t.app, 'ana')
    expect(await (await seller.get('/list-item')).text()).toBe(INDEX)
    expect(await (await seller.get('/?ebay=connected')).text()).toBe(INDEX)
  })

  it('sends the page unrendered when the renderer fails or takes too long', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      // Names of their own, so a retried test registers afresh.
      const suffix = randomUUID().slice(0, 8)
      const broken = await registeredClient(t.app, `broken-${suffix}`)
      expect(await (await broken.get('/')).text()).toBe(INDEX)
      expect(errors).toHaveBeenCalledOnce()
      const slow = await registeredClient(t.app, `slow-${suffix}`)
      // Only the page is timed: registering (its password hashing) is not what is measured.
      const started = Date.now()
      expect(await (await slow.get('/')).text()).toBe(INDEX)
      expect(Date.now() - started).toBeLessThan(2_000)
      expect(warnings).toHaveBeenCalledOnce()
    } finally {
      errors.mockRestore()
      warnings.mockRestore()
    }
  })

  it("never serves the renderer's own files", async () => {
    for (const file of ['/server/entry-server.js', '/server/signed-in.html'])
      expect((await client(t.app).get(file)).status).toBe(404)
  })
})
