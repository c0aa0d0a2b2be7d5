// Nothing lost and nothing doubled when the API process is killed in the middle of a phone's sync (docs/product.md's
// offline rules): a server of the test's own, SIGKILLed once uploads have begun and started again. Two server starts
// make it the browser suite's longest test, so it runs in npm run test:all, not in npm test's walks (decision 0049).
import { spawn, type ChildProcess } from 'node:child_process'
import { expect, test } from '@playwright/test'
import { newDataDir } from '../helpers/data-template.ts'
import { draftOffline, installApp, photoFiles, serverListings } from './offline-drafts.ts'
import { signUpThroughApi } from './helpers.ts'
import { E2E_PORT } from './ports.ts'

test('the API process killed in the middle of a sync and restarted: no duplicate, nothing missing', async ({
  browser,
}, testInfo) => {
  // Two server starts on a loaded CI machine (the API suites beside it): a start there took up to a minute.
  test.setTimeout(180_000)
  // Beside this suite's own ports (E2E_PORT), so suites run side by side on one machine do not meet.
  const port = E2E_PORT + 80 + testInfo.parallelIndex
  const origin = `http://localhost:${port}`
  const dataDir = await newDataDir('snaplist-crash-')
  const startServer = () =>
    spawn('node', ['--import', 'tsx', 'api/server.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        GEMINI_API_KEY: '',
      },
      stdio: 'ignore',
    })
  const waitUntilUp = () =>
    expect
      .poll(async () => (await fetch(`${origin}/api/health`).catch(() => undefined))?.ok ?? false, { timeout: 60_000 })
      .toBe(true)
  let server: ChildProcess = startServer()
  try {
    await waitUntilUp()
    const context = await browser.newContext({
      baseURL: origin,
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
    })
    const page = await context.newPage()
    await signUpThroughApi(page)
    await installApp(page)
    const photos = await photoFiles(testInfo.outputDir, 4)
    await context.setOffline(true)
    await draftOffline(page, 'Crash mirror', photos.slice(0, 2))
    await draftOffline(page, 'Crash vase', photos.slice(1, 4))
    await draftOffline(page, 'Crash clock', photos.slice(0, 3))

    let uploads = 0
    // Counted on the context: with a service worker in control, Chromium reports the page's fetches as the worker's.
    context.on(
      'requestfinished',
      (request) => void (/\/api\/(images|analyze-image)$/.test(request.url()) ? uploads++ : undefined),
    )
    await context.setOffline(false)
    await expect.poll(() => uploads, { timeout: 20_000 }).toBeGreaterThanOrEqual(2)
    server.kill('SIGKILL')
    await new Promise((resolve) => server.once('exit', resolve))
    server = startServer()
    await waitUntilUp()

    await expect(page.getByText(/waiting to sync/)).toBeHidden({ timeout: 45_000 })
    const onServer = await serverListings(page, origin)
    expect(onServer.map((listing) => listing.title).sort()).toEqual(['Crash clock', 'Crash mirror', 'Crash vase'])
    expect(Object.fromEntries(onServer.map((listing) => [listing.title, listing.images.length]))).toEqual({
      'Crash mirror': 2,
      'Crash vase': 3,
      'Crash clock': 3,
    })
    for (const listing of onServer) expect(new Set(listing.images).size).toBe(listing.images.length)
    await context.close()
  } finally {
    server.kill('SIGKILL')
  }
})
