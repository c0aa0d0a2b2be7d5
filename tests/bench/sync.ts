// 20 drafts × 8 photos queued offline, then synced by the real engine to a real server: total time and bytes, against
// a plain loop that uploads the same photos with parallel fetch in the same run (the limit), plus the checks that
// matter more than speed: no listing twice, no photo missing.
import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { serve } from '@hono/node-server'
import { createApp } from '../../api/app.ts'
import { openDatabase } from '../../api/db/client.ts'
import { migrate } from '../../api/db/migrate.ts'
import { createLocalAnalyzer } from '../../api/services/listings/analyzer/local.ts'
import { createLocalStorage } from '../../api/services/listings/local-storage.ts'
import { SnaplistDb } from '../../src/offline/db.ts'
import { createDraftStore } from '../../src/offline/drafts.ts'
import { createSyncEngine } from '../../src/offline/outbox-sender.ts'
import { fetchTransport } from '../../src/offline/transport.ts'
import sharp from 'sharp'
import { photoLikeJpeg } from '../helpers/images.ts'
import { registerSeller, signUp } from './sellers.ts'

const DRAFTS = 20
const PHOTOS_PER_DRAFT = 8
const TARGET_RATIO = 1.3

async function startServer(workDir: string) {
  const database = await openDatabase({ pgliteDir: 'memory://' })
  await migrate(database.sql)
  const app = createApp({
    sql: database.sql,
    config: { publicUrl: undefined, appUrl: 'http://localhost', https: false, trustProxy: false },
    storage: createLocalStorage(path.join(workDir, 'photos')),
    analyzer: createLocalAnalyzer(),
  })
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise((resolve) => server.once('listening', resolve))
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  return { sql: database.sql, origin, stop: async () => (server.close(), await database.close()) }
}

/** fetch as the phone would send it (session cookie, same origin), counting the bytes of every body sent. */
function countingFetch(origin: string, cookie: string) {
  const sent = { bytes: 0 }
  const fetcher = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const body = init.body
    sent.bytes +=
      body instanceof FormData
        ? [...body.values()].reduce((sum, value) => sum + (value instanceof Blob ? value.size : value.length), 0)
        : typeof body === 'string'
          ? body.length
          : 0
    const headers = new Headers(init.headers)
    headers.set('cookie', cookie)
    headers.set('origin', origin)
    return fetch(new URL(String(input), origin), { ...init, headers })
  }
  return { fetcher, sent }
}

async function plainLoop(origin: string, photos: Blob[]) {
  const { fetcher, sent } = countingFetch(origin, await signUp(origin, `plain${randomUUID().slice(0, 8)}`))
  const started = performance.now()
  await Promise.all(
    photos.map(async (photo) => {
      const form = new FormData()
      form.append('id', randomUUID())
      form.append('image', photo, 'photo.jpg')
      const response = await fetcher('/api/images', { method: 'POST', body: form })
      if (!response.ok) throw new Error(`plain upload answered ${response.status}`)
    }),
  )
  return { ms: performance.now() - started, bytes: sent.bytes }
}

async function engineSync(origin: string, photos: Blob[]) {
  const { cookie, userId } = await registerSeller(origin, `engine${randomUUID().slice(0, 8)}`)
  const { fetcher, sent } = countingFetch(origin, cookie)
  const db = new SnaplistDb(`bench-${randomUUID()}`)
  const drafts = createDraftStore(db, userId)
  for (let draft = 0; draft < DRAFTS; draft++) {
    const id = randomUUID()
    await drafts.editFields(id, { title: `Bench item ${draft + 1}`, category: 'other', color: 'multi' })
    const batch = photos.slice(draft * PHOTOS_PER_DRAFT, (draft + 1) * PHOTOS_PER_DRAFT)
    await drafts.addPhotos(
      id,
      batch.map((blob) => ({ id: randomUUID(), blob, thumbnail: blob, width: 1600, height: 1200 })),
    )
    await drafts.submit(id)
  }
  const engine = createSyncEngine({ db, transport: fetchTransport({ fetcher }) })
  const started = performance.now()
  const outcome = await engine.run()
  const ms = performance.now() - started
  const leftover = await db.outbox.count()
  await db.delete()
  if (outcome.kind !== 'idle' || leftover)
    throw new Error(`sync did not finish: ${JSON.stringify(outcome)}, ${leftover} entries left`)
  return { ms, bytes: sent.bytes }
}

/**
 * Distinct photos as the phone sends them (1600 px JPEG at 0.85): one photo-like picture, each copy marked with its
 * own small patch so every photo has its own content hash, as a seller's photos do.
 */
export async function phonePhotos(count: number): Promise<Blob[]> {
  const base = await sharp(await photoLikeJpeg())
    .resize(1600, 1200)
    .raw()
    .toBuffer()
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const patch = await sharp({
        create: { width: 24, height: 24, channels: 3, background: { r: index % 256, g: (index * 7) % 256, b: 128 } },
      })
        .png()
        .toBuffer()
      const jpeg = await sharp(base, { raw: { width: 1600, height: 1200, channels: 3 } })
        .composite([{ input: patch, left: (index * 37) % 1500, top: (index * 53) % 1100 }])
        .jpeg({ quality: 85 })
        .toBuffer()
      return new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' })
    }),
  )
}

export async function benchSync(): Promise<void> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'snaplist-bench-sync-'))
  const server = await startServer(workDir)
  try {
    const photos = await phonePhotos(DRAFTS * PHOTOS_PER_DRAFT)
    console.log(
      `== Offline sync: ${DRAFTS} drafts × ${PHOTOS_PER_DRAFT} photos (${(photos.reduce((sum, photo) => sum + photo.size, 0) / 1024 / 1024).toFixed(1)} MB) ==`,
    )
    // One small warm-up round first, so neither run pays for the JIT and sharp's start-up.
    await plainLoop(server.origin, photos.slice(0, 8))
    const plain = await plainLoop(server.origin, photos)
    const synced = await engineSync(server.origin, photos)
    const [counts] = await server.sql<{ listings: number; duplicates: number; missing: number }[]>`
      select count(*)::int as listings,
             (count(*) - count(distinct client_id))::int as duplicates,
             coalesce(sum(${PHOTOS_PER_DRAFT} - cardinality(images)), 0)::int as missing
      from listings`
    const ratio = synced.ms / plain.ms
    console.log(
      `plain parallel upload (limit)   ${(plain.ms / 1000).toFixed(2).padStart(7)} s   ${(plain.bytes / 1024 / 1024).toFixed(1)} MB`,
    )
    console.log(
      `sync engine, outbox drained     ${(synced.ms / 1000).toFixed(2).padStart(7)} s   ${(synced.bytes / 1024 / 1024).toFixed(1)} MB`,
    )
    console.log(
      `time ratio ${ratio.toFixed(2)}× (target ≤ ${TARGET_RATIO}×): ${ratio <= TARGET_RATIO ? 'PASS' : 'FAIL'};  bytes ratio ${(synced.bytes / plain.bytes).toFixed(2)}×`,
    )
    console.log(
      `listings ${counts!.listings} of ${DRAFTS}, duplicates ${counts!.duplicates}, missing photos ${counts!.missing}: ${counts!.listings === DRAFTS && !counts!.duplicates && !counts!.missing ? 'PASS' : 'FAIL'}\n`,
    )
  } finally {
    await server.stop()
    await rm(workDir, { recursive: true, force: true })
  }
}
