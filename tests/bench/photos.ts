// The photo pipeline for a 4000×3000 camera JPEG: what the phone sends and how long the browser takes to shrink
// it (Chromium, the app's own worker), the thumbnail's size, and the server's time from upload received to the
// Gemini call started. Each time is also given as a ratio to a floor measured in the same run.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { serve } from '@hono/node-server'
import { chromium } from '@playwright/test'
import sharp from 'sharp'
import { createApp } from '../../api/app.ts'
import { openDatabase } from '../../api/db/client.ts'
import { migrate } from '../../api/db/migrate.ts'
import { createGeminiAnalyzer } from '../../api/services/listings/analyzer/gemini.ts'
import type { ImageAnalyzer } from '../../api/services/listings/analyzer/image-analyzer.ts'
import { createLocalStorage } from '../../api/services/listings/local-storage.ts'
import { builtApp } from '../../api/static.ts'
import { startFakeGemini } from '../fakes/gemini.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../helpers/chromium.ts'
import { photoForm, photoLikeJpeg } from '../helpers/images.ts'

const RUNS = 5
const TARGETS = { sentBytes: 400 * 1024, shrinkMs: 500, thumbnailBytes: 30 * 1024, serverMs: 150 }

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`
const ms = (value: number) => `${value.toFixed(0)} ms`
const check = (label: string, value: string, passed: boolean, target: string) =>
  console.log(`${label.padEnd(44)} ${value.padStart(9)}   target ${target.padEnd(9)} ${passed ? 'PASS' : 'FAIL'}`)

/** An analyser that notes when each Gemini call starts, so the server's own share can be separated out. */
function timed(analyzer: ImageAnalyzer, starts: number[]): ImageAnalyzer {
  return {
    name: analyzer.name,
    analyze: (input, signal) => (starts.push(performance.now()), analyzer.analyze(input, signal)),
  }
}

async function startApp(workDir: string) {
  const gemini = await startFakeGemini()
  const database = await openDatabase({ pgliteDir: 'memory://' })
  await migrate(database.sql)
  const geminiStarts: number[] = []
  const analyzer = timed(
    createGeminiAnalyzer({ apiKey: gemini.apiKey, model: 'gemini-3.5-flash-lite', baseUrl: gemini.url }),
    geminiStarts,
  )
  const dist = builtApp(path.resolve('dist'))
  const app = createApp({
    sql: database.sql,
    config: { publicUrl: undefined, appUrl: 'http://localhost', https: false, trustProxy: false },
    storage: createLocalStorage(path.join(workDir, 'photos')),
    analyzer,
    inlineStyleHashes: dist.inlineStyleHashes,
  })
  dist.mount(app)
  const receivedBytes: number[] = []
  // Counted where the server receives it: what actually crossed the network from the phone.
  const countUploads = (request: Request) => {
    if (new URL(request.url).pathname === '/api/analyze-image')
      receivedBytes.push(Number(request.headers.get('content-length')))
    return app.fetch(request)
  }
  const server = serve({ fetch: countUploads, port: 0, hostname: '127.0.0.1' })
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as { port: number }
  return {
    app,
    origin: `http://127.0.0.1:${port}`,
    geminiStarts,
    receivedBytes,
    async stop() {
      server.close()
      await database.close()
      await gemini.close()
    },
  }
}

async function browserSide(origin: string, photoPath: string, photo: Buffer, receivedBytes: number[]) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const page = await (
      await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true })
    ).newPage()
    await page.route('**/bench-photo.jpg', (route) => route.fulfill({ body: photo, contentType: 'image/jpeg' }))
    await page.goto(`${origin}/auth`)
    await page.getByRole('radio', { name: 'Register' }).click()
    for (const [label, value] of [
      ['First name', 'Bench'],
      ['Last name', 'Mark'],
      ['Username', 'bench'],
      ['Email', 'bench@example.com'],
    ]) {
      await page.getByLabel(label!).fill(value!)
    }
    await page.getByLabel('Password', { exact: true }).fill('bench password')
    await page.getByLabel('Confirm password').fill('bench password')
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.waitForURL(`${origin}/`)
    const shrinkMs: number[] = []
    const decodeMs: number[] = []
    for (let run = 0; run < RUNS; run++) {
      await page.goto(`${origin}/list-item`)
      await page.getByLabel('Take Photo or Upload').setInputFiles(photoPath)
      await page.getByRole('img', { name: 'Photo 1' }).waitFor()
      await page.waitForFunction(() => performance.getEntriesByName('snaplist:shrink-photo').length > 0)
      shrinkMs.push(await page.evaluate(() => performance.getEntriesByName('snaplist:shrink-photo')[0]!.duration))
      // The floor: only decoding the same file, nothing scaled or encoded.
      decodeMs.push(
        await page.evaluate(async () => {
          const blob = await (await fetch('/bench-photo.jpg')).blob()
          // Runs in the page; this file is type-checked for Node, which has no createImageBitmap.
          const decode = (
            globalThis as unknown as { createImageBitmap(image: Blob, options: object): Promise<{ close(): void }> }
          ).createImageBitmap
          const started = performance.now()
          ;(await decode(blob, { imageOrientation: 'from-image' })).close()
          return performance.now() - started
        }),
      )
      await page.getByText('Analysing…').waitFor({ state: 'detached' })
    }
    return { sentBytes: median(receivedBytes), shrinkMs: median(shrinkMs), decodeMs: median(decodeMs) }
  } finally {
    await browser.close()
  }
}

async function serverSide(app: ReturnType<typeof createApp>, origin: string, geminiStarts: number[], upload: Buffer) {
  const register = await app.request(`${origin}/api/register`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'server',
      email: 'server@example.com',
      firstName: 'S',
      lastName: 'B',
      password: 'bench password',
    }),
  })
  const cookie = register.headers.get('set-cookie')!.split(';')[0]!
  const pipeline: number[] = []
  const floor: number[] = []
  let thumbnailUrl = ''
  for (let run = 0; run < RUNS + 1; run++) {
    const started = performance.now()
    const response = await app.request(`${origin}/api/analyze-image`, {
      method: 'POST',
      headers: { origin, cookie },
      body: photoForm(upload),
    })
    if (!response.ok) throw new Error(`analyze-image answered ${response.status}: ${await response.text()}`)
    thumbnailUrl = ((await response.json()) as { thumbnailUrl: string }).thumbnailUrl
    const reachedGemini = geminiStarts.at(-1)! - started
    const floorStarted = performance.now()
    await sharp(upload).jpeg().toBuffer()
    // The first run warms sharp and the JIT; it is not counted.
    if (run > 0) {
      pipeline.push(reachedGemini)
      floor.push(performance.now() - floorStarted)
    }
  }
  const thumbnail = await app.request(`${origin}${thumbnailUrl}`)
  if (!thumbnail.ok) throw new Error(`the thumbnail ${thumbnailUrl} answered ${thumbnail.status}`)
  return {
    serverMs: median(pipeline),
    floorMs: median(floor),
    thumbnailBytes: (await thumbnail.arrayBuffer()).byteLength,
  }
}

export async function benchPhotos(): Promise<void> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'snaplist-bench-photos-'))
  const original = await photoLikeJpeg()
  const photoPath = path.join(workDir, 'camera.jpg')
  await writeFile(photoPath, original)
  const running = await startApp(workDir)
  try {
    console.log(
      `== Photo pipeline: one ${(original.length / 1024 / 1024).toFixed(1)} MB 4000×3000 camera JPEG, median of ${RUNS} runs ==`,
    )
    const browser = await browserSide(running.origin, photoPath, original, running.receivedBytes)
    const shrunk = await sharp(original).rotate().resize(1600, 1600, { fit: 'inside' }).jpeg({ quality: 85 }).toBuffer()
    const server = await serverSide(running.app, running.origin, running.geminiStarts, shrunk)
    check(
      'bytes the browser sends (multipart body)',
      kb(browser.sentBytes),
      browser.sentBytes <= TARGETS.sentBytes,
      `≤ ${kb(TARGETS.sentBytes)}`,
    )
    check(
      'shrink in Chromium (worker, decode+scale+encode)',
      ms(browser.shrinkMs),
      browser.shrinkMs <= TARGETS.shrinkMs,
      `≤ ${ms(TARGETS.shrinkMs)}`,
    )
    console.log(
      `${'  vs decoding the photo alone'.padEnd(44)} ${`${(browser.shrinkMs / browser.decodeMs).toFixed(2)}×`.padStart(9)}   (floor ${ms(browser.decodeMs)})`,
    )
    check(
      'dashboard thumbnail (WebP)',
      kb(server.thumbnailBytes),
      server.thumbnailBytes <= TARGETS.thumbnailBytes,
      `≤ ${kb(TARGETS.thumbnailBytes)}`,
    )
    check(
      'server: upload received → Gemini call started',
      ms(server.serverMs),
      server.serverMs <= TARGETS.serverMs,
      `≤ ${ms(TARGETS.serverMs)}`,
    )
    console.log(
      `${'  vs one sharp decode+encode of the upload'.padEnd(44)} ${`${(server.serverMs / server.floorMs).toFixed(2)}×`.padStart(9)}   (floor ${ms(server.floorMs)})`,
    )
    console.log()
  } finally {
    await running.stop()
    await rm(workDir, { recursive: true, force: true })
  }
}
