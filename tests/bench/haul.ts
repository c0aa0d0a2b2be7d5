// A haul on the phone viewport (docs/product.md §17), in Chromium against the real app and the Gemini stand-in:
// 30 items × 4 photos taken with the haul screen's own camera (a changing picture; decision 0058), then reviewed
// and created one by one. Measures the taps per item (against the one-item flow, measured in the same run), the time
// from the last photo to every item analysed, the phone's IndexedDB at its largest, and that no item or photo is lost
// or doubled on the way.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { serve } from '@hono/node-server'
import { chromium, type Page } from '@playwright/test'
import { createApp } from '../../api/app.ts'
import { openDatabase } from '../../api/db/client.ts'
import { migrate } from '../../api/db/migrate.ts'
import { createGeminiAnalyzer } from '../../api/services/listings/analyzer/gemini.ts'
import { createLocalStorage } from '../../api/services/listings/local-storage.ts'
import { builtApp } from '../../api/static.ts'
import { startFakeGemini } from '../fakes/gemini.ts'
import { BENCH_PHONE, CHROMIUM_ARGS, CHROMIUM_PATH } from '../helpers/chromium.ts'
import { cameraJpeg } from '../helpers/images.ts'

const ITEMS = 30
const PHOTOS_PER_ITEM = 4
const SINGLE_ITEMS = 3
const CREATE_ALL_ITEMS = 10
const TARGETS = { extraTapsPerItem: 1, analysedAfterLastPhotoMs: 60_000, indexedDbBytes: 100 * 1024 * 1024 }
// A photo through the phone's own camera (New Listing's file input): Take Photo, the shutter, then Use photo.
const PHONE_CAMERA_TAPS = 3

/**
 * The phone's camera for the viewfinder: a 1600 × 1200 picture that changes every 40 ms, as a sensor's never repeats.
 * Chromium's own fake camera loops its picture, so two photos of it can be the same bytes, which the server stores
 * once (by their hash), and the count of photos lost or doubled would count the camera rather than the app.
 */
function filmChangingFrames() {
  const canvas = document.createElement('canvas')
  canvas.width = 1600
  canvas.height = 1200
  const context = canvas.getContext('2d')!
  let frame = 0
  setInterval(() => {
    frame++
    context.fillStyle = `hsl(${(frame * 7) % 360} 60% ${30 + (frame % 40)}%)`
    context.fillRect(0, 0, canvas.width, canvas.height)
    context.fillStyle = 'white'
    context.font = '120px sans-serif'
    context.fillText(`frame ${frame}`, 200, 600)
  }, 40)
  navigator.mediaDevices.getUserMedia = async () => canvas.captureStream(25)
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
const line = (label: string, value: string, target: string, passed?: boolean) =>
  console.log(
    `${label.padEnd(52)} ${value.padStart(10)}   ${target ? `target ${target.padEnd(9)}` : ''} ${passed === undefined ? '' : passed ? 'PASS' : 'FAIL'}`,
  )

async function startApp(workDir: string) {
  const gemini = await startFakeGemini()
  const database = await openDatabase({ pgliteDir: 'memory://' })
  await migrate(database.sql)
  const analyzer = createGeminiAnalyzer({ apiKey: gemini.apiKey, model: 'gemini-3.5-flash-lite', baseUrl: gemini.url })
  const dist = builtApp(path.resolve('dist'))
  const app = createApp({
    sql: database.sql,
    config: { publicUrl: undefined, appUrl: 'http://localhost', https: false, trustProxy: false },
    storage: createLocalStorage(path.join(workDir, 'photos')),
    analyzer,
    inlineStyleHashes: dist.inlineStyleHashes,
  })
  dist.mount(app)
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise((resolve) => server.once('listening', resolve))
  return {
    sql: database.sql,
    gemini,
    origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    async stop() {
      server.close()
      await database.close()
      await gemini.close()
    },
  }
}

/** Every tap the seller makes, counted (an action that takes more, as the phone's camera does, says how many). */
function tapCounter() {
  const counter = {
    taps: 0,
    tap: async (action: () => Promise<unknown>, taps = 1) => ((counter.taps += taps), await action()),
  }
  return counter
}

/** The phone's IndexedDB (Chromium's usage details), sampled until stopped; answers the largest seen. */
function sampleIndexedDb(page: Page) {
  let largest = 0
  let running = true
  const sampling = (async () => {
    while (running) {
      const usage = await page
        .evaluate(async () => {
          const estimate = (await navigator.storage.estimate()) as StorageEstimate & {
            usageDetails?: { indexedDB?: number }
          }
          return estimate.usageDetails?.indexedDB ?? estimate.usage ?? 0
        })
        .catch(() => 0)
      largest = Math.max(largest, usage)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  })()
  return async () => {
    running = false
    await sampling
    return largest
  }
}

async function register(page: Page, origin: string, name: string) {
  const response = await page.request.post(`${origin}/api/register`, {
    headers: { origin },
    data: {
      username: name,
      email: `${name}@example.com`,
      firstName: 'Bench',
      lastName: 'Mark',
      password: 'bench password',
    },
  })
  if (response.status() !== 201) throw new Error(`registering ${name} answered ${response.status()}`)
}

async function listingsOnServer(page: Page, origin: string): Promise<{ title: string; images: string[] }[]> {
  return (await page.request.get(`${origin}/api/listings`)).json()
}

async function waitForListings(page: Page, origin: string, count: number) {
  for (let tries = 0; (await listingsOnServer(page, origin)).length < count; tries++) {
    if (tries > 600) throw new Error(`fewer than ${count} listings reached the server`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** The one-item flow: New Listing, the photos, wait for the AI, Create Listing. */
async function oneItemFlow(page: Page, origin: string, photos: string[]) {
  const counter = tapCounter()
  for (let item = 0; item < SINGLE_ITEMS; item++) {
    await counter.tap(() =>
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'New Listing' }).click(),
    )
    for (const photo of photos.slice(item * PHOTOS_PER_ITEM, (item + 1) * PHOTOS_PER_ITEM)) {
      await counter.tap(() => page.getByLabel('Take Photo or Upload').setInputFiles(photo), PHONE_CAMERA_TAPS)
    }
    await page.getByRole('img', { name: `Photo ${PHOTOS_PER_ITEM}` }).waitFor()
    await page.getByText('AI suggestions ready').waitFor()
    await counter.tap(() => page.getByRole('button', { name: 'Create Listing' }).click())
    await page.waitForURL(`${origin}/`)
  }
  await waitForListings(page, origin, SINGLE_ITEMS)
  return counter.taps / SINGLE_ITEMS
}

/** Photographs the items with the haul screen's viewfinder, a tap of the shutter each, Next item between them. */
async function capture(page: Page, counter: ReturnType<typeof tapCounter>, items: number) {
  await counter.tap(() => page.getByRole('link', { name: 'Capture a haul' }).click())
  const shutter = page.getByRole('button', { name: 'Take photo' })
  for (let item = 1; item <= items; item++) {
    for (let photo = 1; photo <= PHOTOS_PER_ITEM; photo++) {
      await counter.tap(() => shutter.tap())
      await page
        .getByRole('list', { name: 'Items' })
        .getByRole('button', { name: new RegExp(`^Item ${item} · ${photo} photos? `) })
        .waitFor()
    }
    if (item < items) await counter.tap(() => page.getByRole('button', { name: 'Next item' }).click())
  }
}

/** The haul with a review of each item: the time to all analysed, and the phone's storage, are measured here. */
async function haulFlow(page: Page, origin: string) {
  const counter = tapCounter()
  const largestIndexedDb = sampleIndexedDb(page)
  await capture(page, counter, ITEMS)
  const lastPhoto = performance.now()
  await page.getByText(`${ITEMS} of ${ITEMS} ready`).waitFor({ timeout: 600_000 })
  const analysedMs = performance.now() - lastPhoto
  await counter.tap(() => page.getByRole('link', { name: `Review ${ITEMS} ready` }).click())
  for (let item = 1; item <= ITEMS; item++) {
    await page.getByRole('heading', { name: `Review item ${item} of ${ITEMS}` }).waitFor()
    await counter.tap(() => page.getByRole('button', { name: 'Create Listing' }).click())
  }
  await page.getByText(`${ITEMS} of ${ITEMS} created`).waitFor()
  await waitForListings(page, origin, SINGLE_ITEMS + ITEMS)
  return { tapsPerItem: counter.taps / ITEMS, analysedMs, indexedDbBytes: await largestIndexedDb() }
}

/** The haul without a review each: Create all ready, confirmed once. */
async function createAllFlow(page: Page, origin: string, listingsBefore: number) {
  const counter = tapCounter()
  await capture(page, counter, CREATE_ALL_ITEMS)
  await counter.tap(() => page.getByRole('button', { name: `Create all ${CREATE_ALL_ITEMS} ready` }).click())
  await counter.tap(() => page.getByRole('button', { name: `Create ${CREATE_ALL_ITEMS} listings` }).click())
  await waitForListings(page, origin, listingsBefore + CREATE_ALL_ITEMS)
  return counter.taps / CREATE_ALL_ITEMS
}

export async function benchHaul(): Promise<void> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'snaplist-bench-haul-'))
  const running = await startApp(workDir)
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    // The one-item flow's photos, picked through New Listing's file input; the haul's come from the camera.
    const photos = await Promise.all(
      Array.from({ length: SINGLE_ITEMS * PHOTOS_PER_ITEM }, async (_, index) => {
        const file = path.join(workDir, `photo-${index}.jpg`)
        await writeFile(
          file,
          await cameraJpeg({
            width: 1600,
            height: 1200,
            color: { r: (index * 41) % 256, g: (index * 73) % 256, b: (index * 17) % 256 },
          }),
        )
        return file
      }),
    )
    const page = await (await browser.newContext(BENCH_PHONE)).newPage()
    await page.addInitScript(filmChangingFrames)
    await register(page, running.origin, 'hauler')
    await page.goto(`${running.origin}/`)
    const single = await oneItemFlow(page, running.origin, photos)
    const analysesBefore = running.gemini.requests.length
    await page.goto(`${running.origin}/`)
    const haul = await haulFlow(page, running.origin)

    const haulAnalyses = running.gemini.requests.length - analysesBefore
    // Newest first: the haul's are the first thirty, after the one-item flow's.
    const listings = (await listingsOnServer(page, running.origin)).slice(0, ITEMS)
    await page.goto(`${running.origin}/`)
    const createAll = await createAllFlow(page, running.origin, SINGLE_ITEMS + ITEMS)
    const images = listings.flatMap((listing) => listing.images)
    const [counted] = await running.sql<{ stored: number }[]>`select count(*)::int as stored from images`
    const stored = counted!.stored
    const expectedPhotos = ITEMS * PHOTOS_PER_ITEM
    console.log(
      `\nHaul: ${ITEMS} items × ${PHOTOS_PER_ITEM} photos on a ${BENCH_PHONE.viewport.width}×${BENCH_PHONE.viewport.height} phone, Gemini stand-in`,
    )
    line("Taps per item, one-item flow (the phone's camera)", `${single.toFixed(2)}`, '')
    line('Taps per item, haul reviewing each item', `${haul.tapsPerItem.toFixed(2)}`, '')
    line(
      `Taps per item, haul with Create all ready (${CREATE_ALL_ITEMS} items)`,
      `${createAll.toFixed(2)}`,
      `≤ ${PHOTOS_PER_ITEM + TARGETS.extraTapsPerItem + 0.5}`,
      createAll <= PHOTOS_PER_ITEM + TARGETS.extraTapsPerItem + 0.5,
    )
    line(
      'Last photo to every item analysed',
      `${(haul.analysedMs / 1000).toFixed(1)} s`,
      `${TARGETS.analysedAfterLastPhotoMs / 1000} s`,
      haul.analysedMs <= TARGETS.analysedAfterLastPhotoMs,
    )
    line(
      "Phone's IndexedDB at its largest",
      mb(haul.indexedDbBytes),
      mb(TARGETS.indexedDbBytes),
      haul.indexedDbBytes <= TARGETS.indexedDbBytes,
    )
    const total = (await listingsOnServer(page, running.origin)).length
    const expectedTotal = SINGLE_ITEMS + ITEMS + CREATE_ALL_ITEMS
    line('Listings created in all three runs (each item once)', `${total}`, `${expectedTotal}`, total === expectedTotal)
    line('Photos lost', `${expectedPhotos - new Set(images).size}`, '0', new Set(images).size === expectedPhotos)
    line('Photos doubled', `${images.length - new Set(images).size}`, '0', images.length === new Set(images).size)
    const allPhotos = (ITEMS + SINGLE_ITEMS + CREATE_ALL_ITEMS) * PHOTOS_PER_ITEM
    line('Photos stored on the server (all three runs)', `${stored}`, `${allPhotos}`, stored === allPhotos)
    line('Analyses asked of Gemini for the haul (one per item)', `${haulAnalyses}`, `${ITEMS}`, haulAnalyses === ITEMS)
  } finally {
    await browser.close()
    await running.stop()
    await rm(workDir, { recursive: true, force: true })
  }
}
