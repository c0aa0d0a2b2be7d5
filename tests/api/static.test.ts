// Issue 27, F15: the build's source maps stay on the server's disk: the app's and the service worker's are answered
// 404 however their address is spelled, while the files they describe are served as before.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PagesManifest } from '../../api/pages-manifest.ts'
import { mountBuiltApp } from '../../api/static.ts'
import { NOT_PRECACHED } from '../../scripts/vite-prerender.ts'
import { client, createTestApp, type TestApp } from '../helpers/test-app.ts'

let t: TestApp
let distDir: string
const SOURCE = '{"version":3,"sources":["../src/secret-plans.ts"],"sourcesContent":["// how it all works"]}'

beforeAll(async () => {
  t = await createTestApp()
  distDir = await mkdtemp(path.join(os.tmpdir(), 'snaplist-dist-'))
  await mkdir(path.join(distDir, 'assets'))
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>Snaplist</title>')
  await writeFile(path.join(distDir, '404.html'), '<!doctype html><title>Not found</title>')
  await writeFile(
    path.join(distDir, 'sw.js'),
    'self.addEventListener("fetch", () => {})\n//# sourceMappingURL=sw.js.map',
  )
  await writeFile(path.join(distDir, 'sw.js.map'), SOURCE)
  await writeFile(
    path.join(distDir, 'assets', 'app-1234.js'),
    'console.log("app")\n//# sourceMappingURL=app-1234.js.map',
  )
  await writeFile(path.join(distDir, 'assets', 'app-1234.js.map'), SOURCE)
  const pages = {
    pages: {},
    routes: ['/'],
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

describe('source maps', () => {
  it.each([
    '/sw.js.map',
    '/assets/app-1234.js.map',
    '/assets/app-1234.js.MAP',
    '/assets/app-1234.js.m%61p',
    '/sw.js%2Emap',
  ])('%s is not found', async (address) => {
    const response = await client(t.app).get(address)
    expect(response.status).toBe(404)
    expect(await response.text()).not.toContain('secret-plans')
  })

  it('the scripts themselves are served', async () => {
    expect((await client(t.app).get('/sw.js')).status).toBe(200)
    expect((await client(t.app).get('/assets/app-1234.js')).status).toBe(200)
  })

  it('are kept out of the service worker precache', () => {
    expect(NOT_PRECACHED).toContain('**/*.map')
  })
})
