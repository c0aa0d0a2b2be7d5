// Issue 27, F1: the photo quota bounds the disk, not only the rows. A refused upload writes nothing, a deleted
// account leaves no folder, files no row names are swept once an upload could no longer be under way, and one
// seller's uploads are limited per quarter hour.
import { randomUUID } from 'node:crypto'
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { prepareImage } from '../../../api/services/listings/images.ts'
import { PHOTO_SWEEP_JOB } from '../../../api/services/listings/photo-sweep.ts'
import { PHOTO_UPLOAD_LIMIT } from '../../../api/services/listings/photos.ts'
import { createSupabaseStorage } from '../../../api/services/listings/supabase-storage.ts'
import { startFakeSupabaseStorage } from '../../fakes/supabase-storage.ts'
import { photoForm, solidJpeg } from '../../helpers/images.ts'
import { createTestApp, newUser, readJson, registeredClient, type TestApp } from '../../helpers/test-app.ts'

type Seller = Awaited<ReturnType<typeof registeredClient>>

let t: TestApp & { photosDir: string }
let storedBytes: number
beforeAll(async () => {
  storedBytes = (await (await prepareImage(await solidJpeg({ r: 10, g: 120, b: 200 }))).forStorage).jpeg.length
  // Room for two of these photos and half of a third.
  t = await createTestApp({ photoQuotaBytes: Math.floor(storedBytes * 2.5) })
})
afterAll(() => t.close())
afterEach(() => t.db.sql`delete from rate_limits`)

/**
 * A photo no other upload of the last 30 has sent: same size, another colour. Red steps by 8: stored again as JPEG,
 * two reds one apart often come out as the same bytes, and so as the same file.
 */
let shade = 0
const distinctPhoto = () => solidJpeg({ r: 10 + ((shade++ * 8) % 240), g: 120, b: 200 })
const upload = async (seller: Seller) =>
  seller.post('/api/images', photoForm(await distinctPhoto(), { id: randomUUID() }))
const filesOf = async (userId: number) =>
  (await readdir(path.join(t.photosDir, `u${userId}`)).catch(() => [] as string[])).sort()
const HOUR_AGO = new Date(Date.now() - 2 * 60 * 60 * 1000)

describe('photo files on the disk (F1)', () => {
  it('a seller at the quota sending new photos over and over adds no file', async () => {
    const seller = await registeredClient(t.app, 'filler')
    expect((await upload(seller)).status).toBe(201)
    expect((await upload(seller)).status).toBe(201)
    const kept = await filesOf(seller.id)
    expect(kept).toHaveLength(4)
    const statuses = await Promise.all(
      Array.from({ length: 6 }, () => upload(seller).then((response) => response.status)),
    )
    for (let i = 0; i < 6; i++) statuses.push((await upload(seller)).status)
    expect(statuses.every((status) => status === 413)).toBe(true)
    expect(await filesOf(seller.id)).toEqual(kept)
  })

  it('parallel uploads near the quota keep only the files of the photos stored', async () => {
    const seller = await registeredClient(t.app, 'racer')
    const statuses = await Promise.all(
      Array.from({ length: 6 }, () => upload(seller).then((response) => response.status)),
    )
    expect(statuses.filter((status) => status === 201)).toHaveLength(2)
    const [row] = await t.db.sql<{ n: number }[]>`select count(*)::int as n from images where user_id = ${seller.id}`
    expect(row!.n).toBe(2)
    expect(await filesOf(seller.id)).toHaveLength(4)
    expect(await t.db.sql`select 1 from photo_reservations where user_id = ${seller.id}`).toHaveLength(0)
  })

  it('deleting an account removes its whole photo folder, files no row named included, and /files/ no longer serves them', async () => {
    const seller = await registeredClient(t.app, 'leaver')
    const { imageUrl } = await readJson(await upload(seller))
    await writeFile(path.join(t.photosDir, `u${seller.id}`, 'stray.jpg'), 'left behind')
    expect((await seller.call('DELETE', '/api/account', { confirmation: newUser('x').password })).status).toBe(200)
    expect(await filesOf(seller.id)).toEqual([])
    expect((await t.app.request(`http://localhost${imageUrl as string}`)).status).toBe(404)
    expect((await t.app.request(`http://localhost/files/u${seller.id}/stray.jpg`)).status).toBe(404)
  })

  it('the sweep removes old files no photo names, and keeps named ones and those of uploads that may be under way', async () => {
    const seller = await registeredClient(t.app, 'sweeper')
    expect((await upload(seller)).status).toBe(201)
    const stored = await filesOf(seller.id)
    const folder = path.join(t.photosDir, `u${seller.id}`)
    for (const name of stored) await utimes(path.join(folder, name), HOUR_AGO, HOUR_AGO)
    await writeFile(path.join(folder, 'orphan.jpg'), 'old')
    await writeFile(path.join(folder, 'orphan-thumb.webp'), 'old')
    await utimes(path.join(folder, 'orphan.jpg'), HOUR_AGO, HOUR_AGO)
    await utimes(path.join(folder, 'orphan-thumb.webp'), HOUR_AGO, HOUR_AGO)
    await writeFile(path.join(folder, 'inflight.jpg'), 'just written')
    // A folder left by an account deleted before folders were removed.
    await mkdir(path.join(t.photosDir, 'u999999'), { recursive: true })
    await writeFile(path.join(t.photosDir, 'u999999', 'gone.jpg'), 'old')
    await utimes(path.join(t.photosDir, 'u999999', 'gone.jpg'), HOUR_AGO, HOUR_AGO)

    await t.jobs.send(PHOTO_SWEEP_JOB, {})
    await t.settle()
    expect(await filesOf(seller.id)).toEqual([...stored, 'inflight.jpg'].sort())
    expect(await readdir(path.join(t.photosDir, 'u999999'))).toEqual([])
  })

  it('limits how many new photos one seller sends in a quarter hour, counted before decoding, writing nothing', async () => {
    const seller = await registeredClient(t.app, 'flooder')
    const other = await registeredClient(t.app, 'neighbour')
    // As if the seller had sent the limit's worth already.
    await t.db
      .sql`insert into rate_limits (key, hits, reset_at) values (${`photo-upload:perSeller:${seller.id}`}, ${PHOTO_UPLOAD_LIMIT.max}, now() + interval '10 minutes')`
    const refused = await upload(seller)
    expect(refused.status).toBe(429)
    expect(await readJson(refused)).toMatchObject({ code: 'rate_limited' })
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(await filesOf(seller.id)).toEqual([])
    expect(
      (await seller.post('/api/analyze-image', photoForm(await distinctPhoto(), { id: randomUUID() }))).status,
    ).toBe(429)
    expect((await upload(other)).status).toBe(201)
  })
})

describe('photo files in a Supabase bucket (issue 27, item 18)', () => {
  it('the sweep removes old objects no photo names (a listing deleted while storage was down), and keeps named ones', async () => {
    const fake = await startFakeSupabaseStorage({ serviceKey: 'sweep-key', bucket: 'photos' })
    const bucketApp = await createTestApp({
      storage: createSupabaseStorage({ url: fake.url, serviceKey: 'sweep-key', bucket: 'photos' }),
    })
    try {
      const seller = await registeredClient(bucketApp.app, 'bucketseller')
      expect((await seller.post('/api/images', photoForm(await distinctPhoto(), { id: randomUUID() }))).status).toBe(
        201,
      )
      const named = [...fake.objects.keys()]
      expect(named.length).toBeGreaterThan(0)
      for (const key of named) fake.objects.get(key)!.updatedAt = HOUR_AGO
      // What a delete left in the bucket when its remove could not reach the storage.
      for (const key of [`u${seller.id}/left.jpg`, `u${seller.id}/left-thumb.webp`]) {
        fake.objects.set(key, { bytes: Buffer.from('old'), contentType: 'image/jpeg', updatedAt: HOUR_AGO })
      }
      await bucketApp.jobs.send(PHOTO_SWEEP_JOB, {})
      await bucketApp.settle()
      expect([...fake.objects.keys()].sort()).toEqual(named.sort())
    } finally {
      await bucketApp.close()
      await fake.close()
    }
  })
})
