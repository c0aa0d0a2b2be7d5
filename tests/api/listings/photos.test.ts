// Each seller's photo storage quota (PHOTO_QUOTA_MB): past it an upload is refused with a message that says what to
// do, parallel uploads cannot pass it together, and deleting listings frees the space again.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { prepareImage } from '../../../api/services/listings/images.ts'
import { photoForm, solidJpeg } from '../../helpers/images.ts'
import { createTestApp, readJson, registeredClient, type TestApp } from '../../helpers/test-app.ts'

let t: TestApp
let jpeg: Buffer
let storedBytes: number
beforeAll(async () => {
  jpeg = await solidJpeg({ r: 10, g: 120, b: 200 })
  storedBytes = (await (await prepareImage(jpeg)).forStorage).jpeg.length
  // Room for two of these photos and half of a third.
  t = await createTestApp({ photoQuotaBytes: Math.floor(storedBytes * 2.5) })
})
afterAll(() => t.close())

const upload = (seller: Awaited<ReturnType<typeof registeredClient>>, id = randomUUID()) =>
  seller.post('/api/images', photoForm(jpeg, { id }))
const storedFor = async (userId: number) =>
  (
    await t.db.sql<
      { n: number; bytes: number }[]
    >`select count(*)::int as n, coalesce(sum(bytes), 0)::int as bytes from images where user_id = ${userId}`
  )[0]!

describe('photo storage quota', () => {
  it('refuses the photo that does not fit with storage_quota_reached and a message telling the seller to delete listings', async () => {
    const seller = await registeredClient(t.app, 'collector')
    const first = await readJson(await upload(seller))
    const second = await readJson(await upload(seller))
    const refused = await upload(seller)
    expect(refused.status).toBe(413)
    expect(await readJson(refused)).toMatchObject({
      code: 'storage_quota_reached',
      message: expect.stringMatching(/storage is full.*Delete listings/),
    })
    expect((await storedFor(seller.id)).n).toBe(2)
    const analysed = await seller.post('/api/analyze-image', photoForm(jpeg, { id: randomUUID() }))
    expect(analysed.status).toBe(413)

    // Sending a stored photo again is no new storage.
    expect((await upload(seller, first.id)).status).toBe(200)

    // Deleting a listing deletes its photos and frees their space.
    const listing = await readJson(
      await seller.post('/api/listings', {
        title: 'Two photos',
        category: 'other',
        color: 'blue',
        images: [first.imageUrl, second.imageUrl],
      }),
    )
    expect((await seller.call('DELETE', `/api/listings/${listing.id}`)).status).toBe(200)
    expect((await upload(seller)).status).toBe(201)
  })

  it('lets parallel uploads store only what fits', async () => {
    const seller = await registeredClient(t.app, 'hurried')
    const statuses = (await Promise.all(Array.from({ length: 6 }, () => upload(seller)))).map(
      (response) => response.status,
    )
    expect(statuses.filter((status) => status === 201)).toHaveLength(2)
    expect(statuses.filter((status) => status === 413)).toHaveLength(4)
    expect((await storedFor(seller.id)).bytes).toBeLessThanOrEqual(storedBytes * 2.5)
  })
})
